/// Decodes a bitmap rendition's pixel data: a CoreUI `MLEC` wrapper (tag, flags, compression,
/// length) around either one compressed stream or, when flag bit 0 is set, `KCBC` chunks of
/// whole rows (tag, two zero words, row count, byte length, stream). Streams are LZFSE (which
/// may hold LZVN blocks) or raw. Pixels are premultiplied BGRA or gray and alpha; the result is
/// straight RGBA.
struct RenditionDecoder {
    let bytes: [UInt8]
    let file: String
    let limits: AssetLimits
    /// The catalogue's own budget (``AssetLimits/maxDecodedBytes``).
    let budget: DecodeBudget

    /// The most bytes a row may take in a decompressed stream beyond its pixels (CoreUI pads
    /// rows to an alignment far below this); a stream is never decompressed past its rows.
    static let rowPadding = 256

    func decode(_ rendition: AssetRendition) throws(AssetError) -> AssetImage {
        let name = rendition.fileName
        guard rendition.isBitmap else {
            throw AssetError(.unsupportedRendition, "\(name) is a \(rendition.pixelFormat.isEmpty ? "non-bitmap" : rendition.pixelFormat) rendition",
                             file: file, image: name, hint: "only premultiplied BGRA and gray-with-alpha images are decoded")
        }
        try charge(rendition)
        let bytesPerPixel = rendition.pixelFormat == "ARGB" ? 4 : 2
        let rowBytes = rendition.width * bytesPerPixel
        var fields = ByteFields(bytes, from: rendition.dataRange.lowerBound, to: rendition.dataRange.upperBound,
                                bigEndian: false, file: file)
        guard try fields.tag("the pixel data of \(name)") == "MLEC" else {
            throw AssetError(.badMagic, "the pixel data of \(name) does not start with MLEC", file: file, image: name,
                             hint: "the catalogue is damaged, or this rendition kind is not supported")
        }
        let flags = try fields.u32("the MLEC header of \(name)")
        let compression = try fields.u32("the MLEC header of \(name)")
        let length = try fields.u32("the MLEC header of \(name)")

        var rows: [UInt8] = []
        var rowCount = 0
        if flags & 1 != 0 {
            rows.reserveCapacity(rendition.height * rowBytes)
            for chunk in 0..<length where rowCount < rendition.height {
                guard try fields.tag("chunk \(chunk) of \(name)") == "KCBC" else {
                    throw AssetError(.badRendition, "chunk \(chunk) of \(name) does not start with KCBC", file: file, image: name,
                                     hint: "the catalogue is damaged")
                }
                _ = try fields.u32("chunk \(chunk) of \(name)")
                _ = try fields.u32("chunk \(chunk) of \(name)")
                let chunkRows = try fields.u32("chunk \(chunk) of \(name)")
                let chunkLength = try fields.u32("chunk \(chunk) of \(name)")
                guard chunkRows <= rendition.height - rowCount else {
                    throw AssetError(.badRendition, "chunk \(chunk) of \(name) holds \(chunkRows) rows, past the \(rendition.height) of the image",
                                     file: file, image: name, hint: "the catalogue is damaged")
                }
                let stream = Array(try fields.take(chunkLength, "chunk \(chunk) of \(name)"))
                let data = try inflate(stream, compression: compression, rows: chunkRows, rowBytes: rowBytes, name: name)
                try append(data, rows: chunkRows, rowBytes: rowBytes, to: &rows, name: name)
                rowCount += chunkRows
            }
        } else {
            let stream = Array(try fields.take(length, "the pixel data of \(name)"))
            let data = try inflate(stream, compression: compression, rows: rendition.height, rowBytes: rowBytes, name: name)
            try append(data, rows: rendition.height, rowBytes: rowBytes, to: &rows, name: name)
            rowCount = rendition.height
        }
        guard rowCount == rendition.height else {
            throw AssetError(.badRendition, "\(name) has \(rowCount) rows of pixels, not \(rendition.height)", file: file, image: name,
                             hint: "the catalogue is damaged")
        }
        if bytesPerPixel == 4 {
            Self.straightRGBA(fromPremultipliedBGRA: &rows)
        } else {
            rows = Self.straightRGBA(fromPremultipliedGrayAlpha: rows)
        }
        return AssetImage(width: rendition.width, height: rendition.height, scale: rendition.scale, rgba: rows)
    }

    /// Checks the declared size against ``AssetLimits/maxPixels`` and charges its RGBA bytes to
    /// the catalogue's budget, then to the run's, before anything is decompressed.
    private func charge(_ rendition: AssetRendition) throws(AssetError) {
        let name = rendition.fileName
        let size = "\(rendition.width)×\(rendition.height)"
        let (pixels, overflow) = rendition.width.multipliedReportingOverflow(by: rendition.height)
        guard !overflow, pixels <= limits.maxPixels, pixels <= Int.max / 4 else {
            throw AssetError(.decodeBudget, "\(name) is \(size) pixels, more than the limit of \(limits.maxPixels) pixels per image",
                             file: file, image: name,
                             hint: "no app image is that large; if this one is genuine, raise the limit (AssetLimits.maxPixels, inspect --max-image-pixels)")
        }
        let decoded = pixels * 4
        let own = budget.charge(decoded)
        guard own.fits else {
            throw AssetError(.decodeBudget, "decoding \(name) (\(size), \(decoded) bytes) would take \(file) past its limit of \(budget.maxBytes) decoded bytes (\(own.used) used)",
                             file: file, image: name,
                             hint: "if the catalogue is genuine, raise the limit (AssetLimits.maxDecodedBytes, inspect --max-decoded-bytes)")
        }
        if let run = limits.runBudget {
            let shared = run.charge(decoded)
            guard shared.fits else {
                throw AssetError(.decodeBudget, "decoding \(name) (\(size), \(decoded) bytes) would take this run past its limit of \(run.maxBytes) decoded bytes (\(shared.used) used)",
                                 file: file, image: name,
                                 hint: "if the catalogues are genuine, raise the limit (AssetLimits.runBudget, inspect --max-decoded-bytes)")
            }
        }
    }

    /// The decompressed `stream`, never longer than `rows` rows of `rowBytes` (with padding).
    private func inflate(_ stream: [UInt8], compression: Int, rows: Int, rowBytes: Int, name: String) throws(AssetError) -> [UInt8] {
        if stream.starts(with: Array("bvx".utf8)) {
            var capped = limits.decompression
            capped.maxOutputBytes = min(capped.maxOutputBytes, rows * (rowBytes + Self.rowPadding))
            do {
                return try LZFSEDecoder.decompress(stream, limits: capped)
            } catch {
                throw AssetError(.decompression, "the pixels of \(name) do not decompress", file: file, image: name,
                                 hint: error.hint, cause: error)
            }
        }
        guard compression == 0 else {
            throw AssetError(.unsupportedRendition, "\(name) uses compression \(compression), which is not LZFSE", file: file, image: name,
                             hint: "LZFSE (with LZVN blocks) and uncompressed pixels are decoded")
        }
        return stream
    }

    /// Appends `rows` rows of `data`, whose rows may be padded beyond `rowBytes`.
    private func append(_ data: [UInt8], rows: Int, rowBytes: Int, to output: inout [UInt8], name: String) throws(AssetError) {
        guard rows > 0 else {
            guard data.isEmpty else {
                throw AssetError(.badRendition, "a chunk of \(name) has no rows but \(data.count) bytes", file: file, image: name,
                                 hint: "the catalogue is damaged")
            }
            return
        }
        let stride = data.count / rows
        guard stride >= rowBytes, stride * rows == data.count else {
            throw AssetError(.badRendition, "\(data.count) bytes of \(name) do not make \(rows) rows of \(rowBytes) bytes",
                             file: file, image: name, hint: "the catalogue is damaged")
        }
        if stride == rowBytes, output.isEmpty {
            output = data
            return
        }
        for row in 0..<rows {
            output.append(contentsOf: data[(row * stride)..<(row * stride + rowBytes)])
        }
    }

    static func unpremultiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        guard alpha != 0 else { return 0 }
        guard alpha != 255 else { return value }
        return UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
    }

    /// Converts premultiplied BGRA to straight RGBA in place (no second copy of a large image).
    static func straightRGBA(fromPremultipliedBGRA pixels: inout [UInt8]) {
        var index = 0
        while index + 3 < pixels.count {
            let alpha = pixels[index + 3]
            let blue = pixels[index]
            pixels[index] = unpremultiply(pixels[index + 2], alpha)
            pixels[index + 1] = unpremultiply(pixels[index + 1], alpha)
            pixels[index + 2] = unpremultiply(blue, alpha)
            index += 4
        }
    }

    static func straightRGBA(fromPremultipliedGrayAlpha pixels: [UInt8]) -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(pixels.count * 2)
        var index = 0
        while index + 1 < pixels.count {
            let gray = unpremultiply(pixels[index], pixels[index + 1])
            rgba.append(contentsOf: [gray, gray, gray, pixels[index + 1]])
            index += 2
        }
        return rgba
    }
}
