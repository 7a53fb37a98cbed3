import WidgetryBundle

/// One widget of a ``WidgetHost``: its ``WidgetRun``, confined to a task of its own that does
/// the host's requests one at a time.
///
/// A run is not `Sendable` and its `run(until:)` is a nonisolated async method, so an actor
/// cannot drive a run it holds: the run would leave the actor's isolation for the call. The
/// run is therefore created in the worker's task and never leaves it; requests reach it as
/// jobs through the worker's mailbox, and only `Sendable` results come back. Jobs never
/// overlap, so a snapshot can never see a run half-way through an event.
final class WidgetWorker: Sendable {
    typealias Job = @Sendable (WidgetRun) async -> Void

    let loaded: LoadedBundle
    private let mailbox: AsyncStream<Job>.Continuation
    private let task: Task<Void, Never>

    private init(loaded: LoadedBundle, mailbox: AsyncStream<Job>.Continuation, task: Task<Void, Never>) {
        self.loaded = loaded
        self.mailbox = mailbox
        self.task = task
    }

    deinit {
        mailbox.finish()
    }

    /// Creates the widget's run from `loaded` in a new task and sends its events to `events`.
    /// Throws what the run's set-up throws.
    static func start(identifier: String, loaded: LoadedBundle, options: WidgetRun.Options,
                      events: WidgetHostEventHub) async throws(WidgetRunError) -> WidgetWorker {
        let (jobs, mailbox) = AsyncStream<Job>.makeStream()
        let (ready, readiness) = AsyncStream<Result<Void, WidgetRunError>>.makeStream()
        let task = Task {
            let run: WidgetRun
            do throws(WidgetRunError) {
                run = try WidgetRun(bundle: loaded.bundle, options: options)
            } catch {
                readiness.yield(.failure(error))
                readiness.finish()
                return
            }
            let configuration = run.engine.configuration
            run.observe { event in
                if let hostEvent = WidgetHostEvent(event, of: identifier, configuration: configuration) { events.emit(hostEvent) }
            }
            readiness.yield(.success(()))
            readiness.finish()
            for await job in jobs { await job(run) }
            await run.shutdown()
        }
        var iterator = ready.makeAsyncIterator()
        let outcome = await iterator.next() ?? .failure(.other("the widget's task ended before its run was set up"))
        try outcome.get()
        return WidgetWorker(loaded: loaded, mailbox: mailbox, task: task)
    }

    /// Runs `body` with the widget's run, after the jobs queued before it; nil once the worker
    /// stopped. The job is queued before the caller first suspends, so jobs one actor queues
    /// run in the order it queued them.
    func perform<Result: Sendable>(isolation: isolated (any Actor)? = #isolation,
                                   _ body: @escaping @Sendable (WidgetRun) async -> Result) async -> Result? {
        await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Result?, Never>) in
            let queued = mailbox.yield { run in continuation.resume(returning: await body(run)) }
            if case .terminated = queued { continuation.resume(returning: nil) }
        }
    }

    /// Lets the queued jobs finish, shuts the run's network client down, and deletes the
    /// bundle's extracted files.
    func stop() async {
        mailbox.finish()
        await task.value
        loaded.removeExtractedFiles()
    }
}
