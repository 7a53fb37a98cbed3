import Testing
import WidgetryLayout

@Suite("Strengths and Auto Layout priorities")
struct StrengthTests {
    @Test("Priority 1000 is required, and every lower priority weighs less than the next")
    func prioritiesKeepTheirOrder() {
        #expect(Strength(priority: 1000) == .required)
        #expect(Strength(priority: 1000).isRequired)
        var previous = Strength(priority: 1)
        #expect(previous.weight == 1)
        for priority in 2...1000 {
            let strength = Strength(priority: priority)
            #expect(previous < strength, "priority \(priority - 1) below \(priority)")
            previous = strength
        }
        #expect(Strength(priority: 0) == Strength(priority: 1), "below 1 counts as 1")
    }

    @Test("Named strengths are UIKit's priorities 750, 500 and 250, about a thousand apart")
    func namedStrengths() {
        #expect(Strength.strong == Strength(priority: 750))
        #expect(Strength.medium == Strength(priority: 500))
        #expect(Strength.weak == Strength(priority: 250))
        #expect(Strength.weak < .medium && Strength.medium < .strong && Strength.strong < .required)
        #expect(Strength.strong.weight / Strength.weak.weight > 1000)
        #expect(Strength.strong.weight / Strength.weak.weight < 1100)
    }

    @Test("Only finite positive weights are valid")
    func validity() {
        #expect(Strength(weight: 3).isValid)
        #expect(!Strength(weight: 0).isValid)
        #expect(!Strength(weight: -1).isValid)
        #expect(!Strength(weight: .nan).isValid)
        #expect(!Strength(weight: .infinity).isValid)
        #expect(Strength.required.isValid)
    }
}
