public import Foundation
import Synchronization

/// A run's clock and event queue: work scheduled at times on the run's clock, done in time order
/// (ties in the order scheduled), on the thread that calls ``run(until:)``.
///
/// The clock is virtual by default: time jumps to the next scheduled event, so a run with stub
/// delays, timers and debounces takes no real time and always comes out the same. A real clock
/// waits for real time instead. Work outside the run (a real HTTP request) is started with
/// ``perform(_:then:)``: it runs concurrently, and its result comes back as an event (on a real
/// clock, at the time it arrives), so everything the run does still happens on one thread, one
/// event at a time.
///
/// On a virtual clock an operation takes no run time, and run time does not move past the
/// present while one is in flight. Its result takes the place in the queue that an answer with no
/// delay would: an event at the time the operation started, after the work already scheduled
/// then. Events ahead of that place still run while the operation is in flight; when the run
/// reaches the place it waits for the result and delivers it there, at the present. So results
/// come back in the order the operations started, and a run against a real service sees the
/// events it would see if the service answered at once, in the same order, however slow the
/// network is (a 60-second timer over 600 seconds fires 10 times, not once per turn of the event
/// loop while a request waits). A request that hangs is bounded by the transport's timeouts (a
/// host command by the host); a cancelled operation delivers its result (a cancellation error)
/// in the same place.
public final class Timeline {
    public enum Clock: Sendable {
        /// Time moves only from event to event.
        case virtual
        /// Time is the wall clock.
        case real
    }

    public let clock: Clock
    /// The moment the run's time 0 stands for (`now()` in predicates, dates in snapshots).
    public let start: Date
    /// Seconds since ``start``.
    public private(set) var now: Double = 0
    /// Events done since the timeline was made.
    public private(set) var eventsDone = 0
    /// When set, ``run(until:)`` stops (returning early, the rest left scheduled) once
    /// ``eventsDone`` reaches it: how a host bounds the work one request may cause.
    public var eventCeiling: Int? {
        didSet { stoppedAtEventCeiling = false }
    }
    /// Whether a run stopped at ``eventCeiling`` with work still due before its time limit
    /// (cleared when the ceiling is set again).
    public private(set) var stoppedAtEventCeiling = false

    private struct Scheduled {
        let time: Double
        let sequence: UInt64
        /// Repeating work (a timer), or work it set off, that does not keep a run going: a run
        /// until idle stops when only background work is left.
        let isBackground: Bool
        let work: () -> Void
        /// On a virtual clock, the operation whose result this event delivers: the run waits here
        /// until that result has arrived.
        var operation: UInt64? = nil
        /// Work a ``Trigger`` asked for: it may run ahead of a result the run waits for.
        var isTrigger = false
    }

    private var queue: [Scheduled] = []
    private var sequence: UInt64 = 0
    private let inbox = Inbox()
    private var handlers: [UInt64: (work: () -> Void, isBackground: Bool)] = [:]
    /// Operations whose results arrived and wait for their place in the queue (virtual clock).
    private var arrived: Set<UInt64> = []
    /// Whether the work being done is background work: what it schedules or starts is
    /// background too, so nothing a timer sets off keeps a run until idle going.
    private var doingBackgroundWork = false
    private var triggers: [UInt64: () -> Void] = [:]
    private var nextOperation: UInt64 = 0
    private let realStart = DispatchTime.now().uptimeNanoseconds

    public init(clock: Clock = .virtual, start: Date = Date(timeIntervalSince1970: 0)) {
        self.clock = clock
        self.start = start
    }

    /// The run's current date.
    public var date: Date { start.addingTimeInterval(now) }

    /// Operations started with ``perform(_:then:)`` whose results have not been handled yet.
    public var outstandingOperations: Int { handlers.count }

    /// Schedules `work` `delay` seconds from now (at once, after what is already due now, for 0).
    /// Background work (timers, and whatever background work schedules or starts) does not keep
    /// ``run(until:)`` going without a time limit.
    public func schedule(after delay: Double, background: Bool = false, _ work: @escaping () -> Void) {
        schedule(at: now + max(0, delay), background: background, work)
    }

    /// Schedules `work` at run time `time` (or now, if that has passed).
    public func schedule(at time: Double, background: Bool = false, _ work: @escaping () -> Void) {
        enqueue(at: time, background: background, work)
    }

    private func enqueue(at time: Double, background: Bool, operation: UInt64? = nil, isTrigger: Bool = false, _ work: @escaping () -> Void) {
        sequence += 1
        let item = Scheduled(time: max(time, now), sequence: sequence, isBackground: background || doingBackgroundWork, work: work,
                             operation: operation, isTrigger: isTrigger)
        // Keep the queue sorted by (time, sequence); new work usually goes last.
        let position = queue.lastIndex { ($0.time, $0.sequence) < (item.time, item.sequence) }.map { $0 + 1 } ?? 0
        queue.insert(item, at: position)
    }

    /// Starts `operation` concurrently; when it finishes, `then` runs with its result as an event
    /// of this timeline: on a real clock when the result arrives, on a virtual clock at the present,
    /// in the place an event scheduled now with no delay would have (the run waits there for the
    /// result). Returns a handle that ``cancel(_:)`` takes.
    @discardableResult
    public func perform<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result, then: @escaping (Result) -> Void) -> Operation {
        nextOperation += 1
        let id = nextOperation
        // The result waits in a box of its own type; only the id crosses to the timeline.
        let box = ResultBox<Result>()
        let deliver = { if let result = box.take() { then(result) } }
        handlers[id] = (deliver, doingBackgroundWork)
        if clock == .virtual {
            // Its result's place: where an answer with no delay would be.
            enqueue(at: now, background: false, operation: id, deliver)
        }
        let inbox = inbox
        let task = Task {
            box.put(await operation())
            inbox.deliver(id)
        }
        return Operation(id: id, task: task)
    }

    /// A way for other threads to ask for `work` on this timeline: each ``Trigger/fire()``
    /// schedules it as an event at the present the next time the timeline runs (a store saved
    /// by the host, a transport's progress, say). Triggers do not keep a run going. A trigger's
    /// work may run ahead of an operation's result that the run waits for (progress comes before
    /// the answer).
    public func trigger(_ work: @escaping () -> Void) -> Trigger {
        nextOperation += 1
        triggers[nextOperation] = work
        return Trigger(id: nextOperation, inbox: inbox)
    }

    /// Asks a timeline for its trigger's work, from any thread.
    public struct Trigger: Sendable {
        let id: UInt64
        fileprivate let inbox: Inbox

        public func fire() {
            inbox.deliver(id)
        }
    }

    /// An operation started with ``perform(_:then:)``.
    public struct Operation: Sendable {
        let id: UInt64
        let task: Task<Void, Never>
    }

    /// Cancels the operation's task (its result, typically a cancellation error, still arrives, and
    /// is delivered as any result is).
    public func cancel(_ operation: Operation) {
        operation.task.cancel()
    }

    /// Does the scheduled work in order, and waits for outstanding operations, until nothing is
    /// left (only background work, without a limit) or the next event would be after `limit`
    /// (run time); returns the time reached. Events at `limit` run. On a virtual clock, an
    /// operation started at or before `limit` is waited for and its result delivered before the
    /// run returns. Waiting suspends the caller's task; it never blocks a thread. A cancelled
    /// task stops running it, between events, where it is.
    @discardableResult
    public func run(until limit: Double = .infinity) async -> Double {
        while true {
            if Task.isCancelled { return now }
            await takeDeliveries(waiting: false)
            if !limit.isFinite, handlers.values.allSatisfy(\.isBackground), queue.allSatisfy(\.isBackground) {
                return now
            }
            if let next = queue.first, next.time <= limit {
                if let eventCeiling, eventsDone >= eventCeiling {
                    stoppedAtEventCeiling = true
                    return now
                }
                if let id = next.operation, !arrived.contains(id) {
                    // Virtual time waits here for the operation in flight: its result comes first.
                    // What triggers ask for meanwhile (its progress) need not wait.
                    if let index = queue.firstIndex(where: { $0.isTrigger && $0.time <= now }) {
                        doEvent(queue.remove(at: index))
                    } else {
                        await takeDeliveries(waiting: true)
                    }
                    continue
                }
                if clock == .real {
                    // Wait for the event's time, unless an operation's result comes first.
                    let remaining = next.time - realNow
                    if remaining > 0 {
                        await takeDeliveries(waiting: true, timeout: remaining)
                        continue
                    }
                }
                queue.removeFirst()
                if let id = next.operation {
                    arrived.remove(id)
                    handlers[id] = nil
                }
                doEvent(next)
            } else if clock == .real, !handlers.isEmpty {
                if limit.isFinite {
                    let remaining = limit - realNow
                    guard remaining > 0 else {
                        now = max(now, limit)
                        return now
                    }
                    await takeDeliveries(waiting: true, timeout: remaining)
                } else {
                    await takeDeliveries(waiting: true)
                }
            } else {
                // On a virtual clock every operation in flight has its place in the queue, so
                // none is left behind here unless `limit` is before the present.
                if limit.isFinite { now = max(now, limit) }
                return now
            }
        }
    }

    private func doEvent(_ event: Scheduled) {
        eventsDone += 1
        now = max(now, event.time)
        doingBackgroundWork = event.isBackground
        event.work()
        doingBackgroundWork = false
    }

    private var realNow: Double { Double(DispatchTime.now().uptimeNanoseconds - realStart) / 1e9 }

    /// Turns delivered results into events at the current time (real time on a real clock); on a
    /// virtual clock a result waits for its place in the queue instead.
    private func takeDeliveries(waiting: Bool, timeout: Double? = nil) async {
        let delivered = waiting ? await inbox.wait(timeout: timeout) : inbox.take()
        if clock == .real { now = max(now, realNow) }
        for id in delivered {
            if clock == .virtual, handlers[id] != nil {
                arrived.insert(id)
            } else if let handler = handlers.removeValue(forKey: id) {
                schedule(after: 0, background: handler.isBackground, handler.work)
            } else if let work = triggers[id] {
                enqueue(at: now, background: false, isTrigger: true, work)
            }
        }
    }
}

/// The result of one concurrent operation, kept until the timeline's thread takes it.
private final class ResultBox<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    func put(_ result: Value) {
        value.withLock { $0 = result }
    }

    func take() -> Value? {
        value.withLock { value in
            defer { value = nil }
            return value
        }
    }
}

/// The ids of finished operations and fired triggers, handed to the task running the timeline.
final class Inbox: Sendable {
    private struct State {
        var items: [UInt64] = []
        var waiter: CheckedContinuation<Void, Never>?
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())

    func deliver(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.items.append(id)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func take() -> [UInt64] {
        state.withLock { state in
            defer { state.items.removeAll() }
            return state.items
        }
    }

    /// Suspends until a delivery (or `timeout` seconds, when given), then takes everything.
    func wait(timeout: Double?) async -> [UInt64] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let generation = state.withLock { state -> UInt64? in
                guard state.items.isEmpty else { return nil }
                state.generation += 1
                state.waiter = continuation
                return state.generation
            }
            guard let generation else { return continuation.resume() }
            guard let timeout else { return }
            Task { [self] in
                try? await Task.sleep(nanoseconds: UInt64(min(max(timeout, 0), 3600) * 1e9))
                let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    guard state.generation == generation, let waiter = state.waiter else { return nil }
                    state.waiter = nil
                    return waiter
                }
                waiter?.resume()
            }
        }
        return take()
    }
}
