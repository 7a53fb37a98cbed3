import WidgetryRender

/// `--device NAME|WxH`, shared by `render` and `preview`: a known device or a size, else
/// `usage.invalid-option` naming the known ones.
enum DeviceArgument {
    static func device(_ argument: String) throws(CommandFailure) -> Device {
        guard let device = Device(argument: argument) else {
            throw CommandFailure(.invalidOption, "--device \(argument): not a known device or a size WxH",
                                 hint: "use one of \(Device.known.map(\.name).joined(separator: ", ")), or e.g. 390x844")
        }
        return device
    }
}
