import Testing
import WidgetryService

/// Run times print to the millisecond, and a time no millisecond count holds prints as the
/// number it is instead of trapping in the conversion.
struct RunTimeTextTests {
    @Test func runTimesPrintToTheMillisecond() {
        #expect(RunTimeText.seconds(0) == "t=0.000")
        #expect(RunTimeText.seconds(1.25) == "t=1.250")
        #expect(RunTimeText.seconds(1e9) == "t=1000000000.000")
    }

    @Test(arguments: [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan, 9.3e18])
    func anExtremeRunTimeDoesNotTrap(_ time: Double) {
        #expect(RunTimeText.seconds(time).hasPrefix("t="))
    }
}
