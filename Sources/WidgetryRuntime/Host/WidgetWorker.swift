import WidgetryBundle
import WidgetryServiceConfiguration

/// One widget of a ``WidgetHost``: its ``WidgetRun``, confined to a task of its own that does
/// the host's requests one at a time.
///
/// A run is not `Sendable` and its `run(until:)` is a nonisolated async method, so an actor
/// cannot drive a run it holds: the run would leave the actor's isolation for the call. The
/// run is therefore created in the worker's task and never leaves it; requests reach it as
/// jobs through the worker's mailbox, and only `Sendable` results come back. Jobs never
/// overlap, so a snapshot can never see a run half-way through an event. A reload is a job
/// too: it replaces the run in the task, in its place among the widget's requests.
final class WidgetWorker: Sendable {
    typealias Job = @Sendable (WidgetSlot) async -> Void

    let identifier: String
    /// Where the widget was loaded from, and the loader (with the widget's read options) that
    /// reads it again on a reload.
    let source: String
    let loader: any BundleLoading
    private let mailbox: AsyncStream<Job>.Continuation
    private let task: Task<Void, Never>

    private init(identifier: String, source: String, loader: any BundleLoading, mailbox: AsyncStream<Job>.Continuation,
                 task: Task<Void, Never>) {
        self.identifier = identifier
        self.source = source
        self.loader = loader
        self.mailbox = mailbox
        self.task = task
    }

    deinit {
        mailbox.finish()
    }

    /// Creates the widget's run from `loaded` in a new task and sends its events to `events`.
    /// Throws what the run's set-up throws.
    static func start(identifier: String, source: String, loader: any BundleLoading, loaded: LoadedBundle,
                      options: WidgetRun.Options, events: WidgetHostEventHub) async throws(WidgetRunError) -> WidgetWorker {
        let (jobs, mailbox) = AsyncStream<Job>.makeStream()
        let (ready, readiness) = AsyncStream<Result<Void, WidgetRunError>>.makeStream()
        let task = Task {
            let slot = WidgetSlot(identifier: identifier, options: options, events: events)
            do throws(WidgetRunError) {
                try slot.start(loaded, on: options.screen)
            } catch {
                readiness.yield(.failure(error))
                readiness.finish()
                return
            }
            readiness.yield(.success(()))
            readiness.finish()
            for await job in jobs { await job(slot) }
            await slot.stop()
        }
        var iterator = ready.makeAsyncIterator()
        let outcome = await iterator.next() ?? .failure(.other("the widget's task ended before its run was set up"))
        try outcome.get()
        return WidgetWorker(identifier: identifier, source: source, loader: loader, mailbox: mailbox, task: task)
    }

    /// Runs `body` with the widget's run, after the jobs queued before it. Throws
    /// ``WidgetHostError/unknownWidget(_:)`` once the worker stopped, and
    /// ``WidgetHostError/notRunning(identifier:cause:)`` while its last reload has left it
    /// without a run. The job is queued before the caller first suspends, so jobs one actor
    /// queues run in the order it queued them.
    func perform<Value: Sendable>(isolation: isolated (any Actor)? = #isolation,
                                  _ body: @escaping @Sendable (WidgetRun) async -> Value) async throws(WidgetHostError) -> Value {
        let identifier = identifier
        return try await enqueue(isolation: isolation) { slot in
            guard let run = slot.run else {
                return .failure(.notRunning(identifier: identifier, cause: slot.failure ?? .run(.other("the widget has no run"))))
            }
            return .success(await body(run))
        }
    }

    /// Installs `registrations` on the run just started, runs it until `runLimit` and reports
    /// it loaded, after the jobs queued before it.
    func finishLoading(isolation: isolated (any Actor)? = #isolation, registrations: [HostRegistration],
                       runLimit: Double) async throws(WidgetHostError) {
        try await enqueue(isolation: isolation) { slot in
            await slot.finishLoading(registrations: registrations, runLimit: runLimit)
            return .success(())
        }
    }

    /// Reads the bundle again and starts the widget anew, after the jobs queued before it (see
    /// ``WidgetSlot/reload(from:loader:service:registrations:runLimit:)``).
    func reload(isolation: isolated (any Actor)? = #isolation, service: ServiceSelection?, registrations: [HostRegistration],
                runLimit: Double) async throws(WidgetHostError) {
        let (source, loader) = (source, loader)
        try await enqueue(isolation: isolation) { slot in
            await slot.reload(from: source, loader: loader, service: service, registrations: registrations, runLimit: runLimit)
        }
    }

    /// Queues `job` and returns its outcome; ``WidgetHostError/unknownWidget(_:)`` once the
    /// worker stopped.
    private func enqueue<Value: Sendable>(isolation: isolated (any Actor)? = #isolation,
                                          _ job: @escaping @Sendable (WidgetSlot) async -> Result<Value, WidgetHostError>)
        async throws(WidgetHostError) -> Value {
        let identifier = identifier
        let outcome = await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Result<Value, WidgetHostError>, Never>) in
            let queued = mailbox.yield { slot in continuation.resume(returning: await job(slot)) }
            if case .terminated = queued { continuation.resume(returning: .failure(.unknownWidget(identifier))) }
        }
        return try outcome.get()
    }

    /// Lets the queued jobs finish, shuts the run's network client down, and deletes the
    /// bundle's extracted files.
    func stop() async {
        mailbox.finish()
        await task.value
    }
}
