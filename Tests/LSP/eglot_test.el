;;; eglot_test.el --- `widgetry lsp' in Emacs's eglot, headless  -*- lexical-binding: t -*-

;; Emacs (28 with Debian's elpa-eglot, or 29 and later with its own eglot) opens a copy of
;; SampleWidgets/Feed, misspells a binding's key path as an author would, waits for eglot's
;; Flymake diagnostic at the misspelt key, applies the quick fix with `eglot-code-actions',
;; checks the buffer's text and completes an attribute name through `completion-at-point''s
;; function.  Exits 0 when all happened, else 1 with what did not.
;;
;;   WIDGETRY=.build/debug/widgetry WIDGETRY_SAMPLE=SampleWidgets/Feed \
;;     timeout 300 emacs --batch -l Tests/LSP/eglot_test.el
;;
;; Not run by scripts/lsp-test (which keeps to Neovim, to stay small); docs/EDITORS.md says when
;; it was last run.

(require 'eglot)
(require 'flymake)
(require 'cl-lib)

(defconst widgetry-test-guard 60
  "Seconds any one wait may take: only a hang guard, each wait ends once its condition holds.")

(defun widgetry-test-fail (format-string &rest arguments)
  (princ (concat "eglot-test: FAILED: " (apply #'format format-string arguments) "\n") #'external-debugging-output)
  (kill-emacs 1))

(defun widgetry-test-say (format-string &rest arguments)
  (princ (concat "eglot-test: " (apply #'format format-string arguments) "\n")))

(defun widgetry-test-idle ()
  "Runs the idle timers due, as an editor waiting for a key does (batch Emacs is never idle):
eglot sends its changes and Flymake asks eglot for diagnostics on such timers."
  (dolist (timer (copy-sequence timer-idle-list))
    (timer-event-handler timer)))

(defun widgetry-test-wait (what condition)
  "Reads the server and runs the idle timers until CONDITION holds; fails saying the server never did WHAT."
  (let ((deadline (+ (float-time) widgetry-test-guard)))
    (while (and (not (funcall condition)) (< (float-time) deadline))
      (widgetry-test-idle)
      (accept-process-output nil 0.05))
    (unless (funcall condition) (widgetry-test-fail "the server never %s" what))))

(defun widgetry-test-run ()
  (let* ((widgetry (expand-file-name (or (getenv "WIDGETRY") (error "WIDGETRY names the built binary"))))
         (sample (expand-file-name (or (getenv "WIDGETRY_SAMPLE") (error "WIDGETRY_SAMPLE names SampleWidgets/Feed"))))
         (folder (make-temp-file "widgetry-eglot-" t))
         (bundle (expand-file-name "Feed" folder))
         (flymake-no-changes-timeout 0.05))
    (copy-directory sample bundle nil nil t)
    ;; The bundle is the project, whatever version control holds it (here none).
    (add-hook 'project-find-functions (lambda (_directory) (cons 'transient (file-name-as-directory bundle))))
    (add-to-list 'eglot-server-programs `((js-mode js-json-mode json-mode) . (,widgetry "lsp")))
    (find-file (expand-file-name "FeedViewController.json" bundle))
    (let ((original (buffer-string)))
      (call-interactively #'eglot)
      (widgetry-test-wait "started" (lambda () (eglot-current-server)))
      (widgetry-test-say "eglot manages %s with %s" (buffer-name) (mapconcat #'identity (process-command (jsonrpc--process (eglot-current-server))) " "))

      ;; The author misspells the key of a binding: `content.author.name' becomes `...nmae'.
      (goto-char (point-min))
      (unless (search-forward "\"content.author.name\"" nil t) (widgetry-test-fail "no \"content.author.name\" in the screen"))
      (let* ((key-end (1- (point)))
             (key-start (- key-end 4)))
        (delete-region key-start key-end)
        (goto-char key-start)
        (insert "nmae")
        (let (finding)
          (widgetry-test-wait "published unknown-key-path for the misspelt key"
                              (lambda () (setq finding (cl-find-if (lambda (diagnostic) (string-match-p "unknown key 'nmae'" (flymake-diagnostic-text diagnostic)))
                                                                   (flymake-diagnostics)))))
          (unless (and (= (flymake-diagnostic-beg finding) key-start) (= (flymake-diagnostic-end finding) key-end))
            (widgetry-test-fail "the diagnostic spans %s-%s, the misspelt key %s-%s"
                                (flymake-diagnostic-beg finding) (flymake-diagnostic-end finding) key-start key-end))
          (widgetry-test-say "diagnostic at the misspelt key (line %d): %s" (line-number-at-pos key-start) (flymake-diagnostic-text finding))

          ;; The quick fix, as `M-x eglot-code-action-quickfix' takes it.
          (eglot-code-actions key-start key-end "quickfix" t)
          (widgetry-test-wait "applied the quick fix" (lambda () (string= (buffer-string) original)))
          (widgetry-test-say "applied the quick fix: the buffer is the sample's text again")
          (widgetry-test-wait "cleared the diagnostic after the fix"
                              (lambda () (null (cl-remove-if-not (lambda (diagnostic) (eq (flymake-diagnostic-backend diagnostic) 'eglot-flymake-backend))
                                                                 (flymake-diagnostics)))))
          (widgetry-test-say "no diagnostic left")

          ;; Completion of an attribute: just after `content.author.', the keys of a User.
          (goto-char key-start)
          (let* ((capf (eglot-completion-at-point))
                 (labels (and capf (all-completions "" (nth 2 capf)))))
            (dolist (name '("name" "imageName"))
              (unless (member name labels) (widgetry-test-fail "completion after content.author. lacks %s: %S" name labels)))
            (widgetry-test-say "completion after content.author. offers %s" (mapconcat #'identity (sort labels #'string<) ", ")))))
      (eglot-shutdown (eglot-current-server))
      (set-buffer-modified-p nil)
      (delete-directory folder t)
      (widgetry-test-say "passed"))))

(condition-case problem
    (widgetry-test-run)
  (error (widgetry-test-fail "%s" (error-message-string problem))))
(kill-emacs 0)

;;; eglot_test.el ends here
