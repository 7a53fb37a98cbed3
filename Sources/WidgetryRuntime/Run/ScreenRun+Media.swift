import Foundation
import WidgetryExpressions
import WidgetryService
import WidgetryScreen

extension ScreenRun {
    /// Picks the file at `path` with a `StandardMediaPickerController` (FORMAT.md#objects.media-picker): it goes into the
    /// upload container of the first of the picker's forms that holds nothing yet, and that form,
    /// unless `autoUpload` is off, sends it with its action controller, as the request's sender.
    /// A `.mov`, `.mp4` or `.m4v` file is a movie; anything else an image. A file larger than
    /// the run's `maxPickedFileBytes` is refused.
    public func pickMedia(_ path: String, with pickerID: String) throws(InteractionError) {
        guard case .object(let object) = namespace.value(forKey: pickerID), let picker = object as? ScreenObject,
              picker.type == .standardMediaPickerController else {
            throw InteractionError("\(pickerID) is not a StandardMediaPickerController of the screen")
        }
        let forms = (picker.outlet("forms").elements ?? []).compactMap { value -> Element? in
            guard case .object(let element) = value else { return nil }
            return element as? Element
        }
        guard !forms.isEmpty else { throw InteractionError("\(pickerID) has no forms to pick into (its forms outlet is empty)") }
        guard let form = forms.first(where: { container(of: $0)?.value(forKey: "hasMedia").isOn == false }) else {
            throw InteractionError("every form of \(pickerID) already holds media")
        }
        guard let container = container(of: form) else { throw InteractionError("\(form.id ?? "a form") has no upload container") }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), (attributes[.type] as? FileAttributeType) == .typeRegular,
              let size = attributes[.size] as? Int else {
            throw InteractionError("\(path) is not a file that can be read")
        }
        guard size <= environment.maxPickedFileBytes else {
            throw InteractionError("\(path) holds \(size) bytes; a picked file may hold at most \(environment.maxPickedFileBytes) (maxPickedFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw InteractionError("\(path) cannot be read") }
        let movie = ["mov", "mp4", "m4v"].contains((path as NSString).pathExtension.lowercased())
        do throws(KeyValueError) {
            try container.setValue(.data([UInt8](data)), forKey: "media")
            try container.setValue(.bool(movie), forKey: "isMovie")
        } catch {
            throw InteractionError("\(container.id ?? "the upload container"): \(error)")
        }
        picker.setDerived("pickedNumber", .int((picker.value(forKey: "pickedNumber").integerValue ?? 0) + 1))
        // Upstream unveils the form that took the media (unveilAlpha = 1).
        try? form.setValue(.bool(false), forKey: "hidden")
        if form.value(forKey: "autoUpload").isOn, case .object(let controllerObject) = form.value(forKey: "actionController"),
           let controller = controllerObject as? ScreenObject {
            controller.connect("sender", to: .object(form), appending: false)
            perform(controller, argument: formValue(form) ?? .null)
        }
        render()
        collectChanges()
    }

    /// A media form's `detachAction:` (upstream's MediaUploadFormView): its upload is cancelled,
    /// its media dropped and the form hidden again (unveilAlpha = 0), so the picker may fill it
    /// anew.
    func detach(_ form: Element) {
        if case .object(let object) = form.value(forKey: "actionController"), let controller = object as? ScreenObject {
            cancelCall(of: controller)
        }
        if let container = container(of: form) {
            try? container.setValue(.null, forKey: "media")
            try? container.setValue(.bool(false), forKey: "isMovie")
        }
        try? form.setValue(.null, forKey: "uploadResult")
        try? form.setValue(.bool(true), forKey: "hidden")
        for picker in objects where picker.type == .standardMediaPickerController && (picker.outlet("forms").elements ?? []).contains(where: { $0.isObject(form) }) {
            picker.setDerived("pickedNumber", .int(max(0, (picker.value(forKey: "pickedNumber").integerValue ?? 0) - 1)))
        }
    }

    /// The upload container of a media upload form.
    private func container(of form: Element) -> Element? {
        guard case .object(let object) = form.value(forKey: "uploadContainer") else { return nil }
        return object as? Element
    }

    /// A media upload form follows its own uploads (FORMAT.md#elements.media-upload): when the upload it sent is ready, its
    /// field value becomes the result's value at `resultInfoValueKey`.
    func followUploads(_ event: ActionEvent) {
        guard event.kind == .ready, let sender = event.sender,
              case .object(let object) = namespace.value(forKey: sender), let form = object as? Element, form.kind == .mediaUploadForm,
              case .object(let controller) = form.value(forKey: "actionController"), let actions = controller as? ScreenObject,
              [actions.attribute("actionName").stringValue, actions.attribute("elseActionName").stringValue].contains(event.action) else { return }
        var result = event.json.map { Value(json: $0) } ?? .null
        if let key = form.value(forKey: "resultInfoValueKey").stringValue {
            result = (try? result.value(forKeyPath: key)) ?? .null
        }
        try? form.setValue(result, forKey: "uploadResult")
    }
}
