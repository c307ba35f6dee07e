import Foundation

/// Built app modules kept between runs, so a second launch of an unchanged app does not
/// compile again: `~/.cache/lifeloop/builds` (or `$XDG_CACHE_HOME/lifeloop/builds`, or
/// `$LIFELOOP_CACHE_DIR`), one folder per key. The key covers the program that builds and
/// loads the module (its path, size and modification time: a rebuilt lifeloop never loads
/// a stale module), the module's name and every file's path and bytes. Set
/// `LIFELOOP_BUILD_CACHE=0` to build every time. The 32 most recently used builds are kept.
struct BuildCache {
    /// The folder of this build's entry.
    let entry: String
    let libraryName: String

    /// Nil when caching is off or the inputs cannot be read.
    init?(files: [String], module: String, program: String) {
        let environment = ProcessInfo.processInfo.environment
        if environment["LIFELOOP_BUILD_CACHE"] == "0" { return nil }
        let root: String
        if let explicit = environment["LIFELOOP_CACHE_DIR"], !explicit.isEmpty {
            root = explicit
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            root = xdg + "/lifeloop/builds"
        } else {
            root = NSHomeDirectory() + "/.cache/lifeloop/builds"
        }
        var hash = KeyHash()
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: program) else { return nil }
        hash.add(program)
        hash.add("\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        hash.add(module)
        for file in files.sorted() {
            guard let bytes = FileManager.default.contents(atPath: file) else { return nil }
            hash.add(file)
            hash.add(bytes)
        }
        entry = root + "/" + hash.hex
        libraryName = "lib\(module).so"
    }

    /// The cached library, if this build is in the cache (its use is recorded).
    var library: String? {
        let path = entry + "/" + libraryName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: entry)
        return path
    }

    /// Keeps a copy of a freshly built library; failures only cost the next build.
    func store(_ built: String) {
        let root = (entry as NSString).deletingLastPathComponent
        let staging = entry + ".tmp-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: built, toPath: staging + "/" + libraryName)
            // Atomic: another process storing the same build at once leaves one copy.
            if rename(staging, entry) != 0 { try? FileManager.default.removeItem(atPath: staging) }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            return
        }
        prune(root)
    }

    /// Drops all but the 32 most recently used entries.
    private func prune(_ root: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        let entries = names.filter { !$0.contains(".tmp-") }.map { root + "/" + $0 }.map { path in
            (path, ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast)
        }
        guard entries.count > 32 else { return }
        for (path, _) in entries.sorted(by: { $0.1 > $1.1 }).dropFirst(32) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Two 64-bit FNV-1a hashes with different starts: 128 bits of key.
    struct KeyHash {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4

        mutating func add(_ text: String) { add(Data(text.utf8)) }

        mutating func add(_ bytes: Data) {
            for byte in bytes {
                first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
                second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 0x9e37
            }
            // A separator, so ("ab", "c") and ("a", "bc") differ.
            first = (first ^ 0xff) &* 0x100_0000_01b3
            second = (second ^ 0xfe) &* 0x100_0000_01b3 &+ 0x9e37
        }

        var hex: String { String(format: "%016llx%016llx", first, second) }
    }
}
