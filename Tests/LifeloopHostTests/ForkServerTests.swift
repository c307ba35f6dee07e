import Foundation
import LifeloopHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's fork server (`lifeloop host-zygote`): apps forked from one warmed-up
/// process must share nothing that a fresh process would not (descriptors, random state,
/// trace), and trace exactly as apps started as programs of their own do.
@Suite struct ForkServerTests {
    /// The fork server's pid, from `daemon.status`, once it has said it is ready.
    func forkServer(_ client: DaemonClient) throws -> (pid: Int32, forks: Int, starts: Int) {
        var status = try client.call("daemon.status")
        _ = eventually(20) {
            status = (try? client.call("daemon.status")) ?? status
            return status["forkServer"]?["ready"]?.bool == true
        }
        let server = try #require(status["forkServer"], "daemon.status says nothing of a fork server: \(status)")
        #expect(server["refusal"] == .null, "the fork server refuses: \(server)")
        return (Int32(try #require(server["pid"]?.int)), try #require(server["forks"]?.int), try #require(server["starts"]?.int))
    }

    /// What a process's descriptors point at, by number (`socket:[inode]`, `/dev/null`, …).
    func descriptors(of pid: Int32) throws -> [Int: String] {
        let folder = "/proc/\(pid)/fd"
        var links: [Int: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard let number = Int(name), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name) else { continue }
            links[number] = target
        }
        return links
    }

    func parent(of pid: Int32) -> Int32? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") }) else { return nil }
        return Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
    }

    @Test func appsForkedFromTheServerShareNoDescriptorWithItOrWithEachOther() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let server = try forkServer(client)
        var apps: [(id: String, pid: Int32)] = []
        for seed in 0..<3 {
            let launched = try client.call("app.launch", ["sample": "MultiWindow", "seed": .int(seed)])
            apps.append((try #require(launched["app"]?.string), Int32(try #require(launched["pid"]?.int))))
        }
        // Forked, not started: the server is every app's parent, and counted them.
        for app in apps { #expect(parent(of: app.pid) == server.pid, "\(app.id) is not a child of the fork server") }
        #expect(try forkServer(client).forks == server.forks + 3)

        let serverSockets = Set(try descriptors(of: server.pid).values.filter { $0.hasPrefix("socket:") || $0.hasPrefix("pipe:") })
        var seen: [String: String] = [:]
        for app in apps {
            let links = try descriptors(of: app.pid)
            #expect(links[0] == "/dev/null", "\(app.id)'s stdin: \(links[0] ?? "none")")
            // stdout and stderr: files of the daemon's log folder; the control channel: a socket.
            #expect(links[1]?.hasSuffix(".out") == true, "\(app.id)'s stdout: \(links[1] ?? "none")")
            #expect(links[2]?.hasSuffix(".err") == true, "\(app.id)'s stderr: \(links[2] ?? "none")")
            #expect(links[3]?.hasPrefix("socket:") == true, "\(app.id)'s descriptor 3: \(links[3] ?? "none")")
            // Sockets and pipes are named by inode and files by path, so a shared one shows
            // (anonymous inodes, such as eventfds, are not).
            for (number, target) in links where target.hasPrefix("socket:") || target.hasPrefix("pipe:") || target.hasPrefix("/") && target != "/dev/null" {
                #expect(!serverSockets.contains(target), "\(app.id) holds the fork server's \(target) on \(number)")
                if let other = seen[target], other != app.id { Issue.record("\(app.id) and \(other) share \(target) (on \(number))") }
                seen[target] = app.id
            }
        }
        // Each app still answers on its own channel, with its own state.
        for app in apps {
            let described = try client.call("app.describe", ["app": .string(app.id)])
            #expect(described["turn"]?.int != nil)
        }
    }

    @Test func theDaemonHoldsOneDescriptorPerForkedApp() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        _ = try forkServer(client)
        let warm = try #require(client.call("app.launch", ["sample": "MultiWindow"])["app"]?.string)
        let before = try descriptors(of: daemon.process.processIdentifier).count
        var apps: [String] = []
        for seed in 0..<20 {
            apps.append(try #require(client.call("app.launch", ["sample": "MultiWindow", "seed": .int(seed)])["app"]?.string))
        }
        let after = try descriptors(of: daemon.process.processIdentifier).count
        // The control channel; stdout and stderr are files of the log folder, read when
        // they change (one inotify descriptor for all). That the output still arrives, a
        // crash's included, the daemon's own tests check (app.log, app.exited's crashMessage).
        #expect(after - before == 20, "20 more apps took \(after - before) descriptors in lifeloopd")
        _ = warm
    }

    @Test func forkedAppsDrawTheirOwnRandomNumbersAndTraceAsAStartedAppDoes() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        _ = try forkServer(client)
        // Int.random reads the kernel's generator in each child: four apps agree only if
        // four draws from 10...200 do (once in 191³).
        var unseeded: Set<String> = []
        for _ in 0..<4 {
            let app = try #require(client.call("app.launch", ["sample": "UnseededRandom"])["app"]?.string)
            unseeded.insert(try Caused(client.call("clock.advance", ["app": .string(app), "ms": 1000])).digest)
        }
        #expect(unseeded.count > 1, "four forked apps drew the same random numbers: \(unseeded)")

        // The same inputs give the same trace, event for event, whether the app was forked
        // (second and later forks included) or started as a program of its own.
        func trace(_ client: DaemonClient) throws -> [String] {
            let app = try #require(client.call("app.launch", ["sample": "SeedSegue", "seed": 4])["app"]?.string)
            _ = try client.call("app.tap", ["app": .string(app), "view": "A.button"])
            _ = try client.call("app.settle", ["app": .string(app)])
            let events = try #require(client.call("trace.get", ["app": .string(app), "fromSeq": 0, "limit": 100_000])["events"]?.array)
            #expect(events.first?["seq"]?.int == 0, "the trace does not start at 0: \(events.first.map { "\($0)" } ?? "none")")
            return events.map { "\($0["seq"]?.int ?? -1) \($0["turn"]?.int ?? -1) \($0["label"]?.string ?? "") \($0["event"]?.string ?? "") \($0["detail"]?.string ?? "")" }
        }
        let forked = [try trace(client), try trace(client)]
        let started = try DaemonHarness(["--no-fork-server"])
        let startedClient = try started.client()
        #expect(try startedClient.call("daemon.status")["forkServer"] == .null)
        let own = try trace(startedClient)
        #expect(forked[0].count > 20)
        for events in forked {
            #expect(events == own, "first difference: \(zip(events, own).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "lengths \(events.count) vs \(own.count)")")
        }
    }

    @Test func aKilledServerTakesItsAppsAndTheNextLaunchStartsAnother() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let server = try forkServer(client)
        let before = try #require(client.call("app.launch", ["sample": "MultiWindow"])["app"]?.string)
        let pid = Int32(try #require(client.call("app.list")["apps"]?.array?.first?["pid"]?.int))
        kill(server.pid, SIGKILL)
        // Its apps die with it (their parent-death signal), and the daemon says so.
        #expect(eventually(10) { !isAlive(pid) }, "app process \(pid) outlived its fork server")
        #expect(eventually(10) { (try? client.call("app.list"))?["apps"]?.array?.isEmpty == true })
        do {
            _ = try client.call("app.describe", ["app": .string(before)])
            Issue.record("an app of the killed fork server still answered")
        } catch let error as RPCError {
            #expect(error.message.contains("exited"), "\(error.message)")
        }
        // The next launch starts a new server, and its app works.
        let after = try #require(client.call("app.launch", ["sample": "SeedSegue", "seed": 4])["app"]?.string)
        _ = try Caused(client.call("app.tap", ["app": .string(after), "view": "A.button"]))
        let restarted = try forkServer(client)
        #expect(restarted.starts == 2)
        #expect(restarted.pid != server.pid)
        #expect(daemon.stderr.contains("the fork server has exited; starting another"))
        // Terminating goes through the new server: a clean exit, reported.
        let ended = try client.call("app.terminate", ["app": .string(after)])
        #expect(ended["status"]?.int == 0)
        #expect(ended["signal"]?.int == 0)
    }

    @Test func theOutputFolderOfAKilledDaemonIsRemovedByTheNextOne() throws {
        let killed = try DaemonHarness()
        let client = try killed.client()
        _ = try forkServer(client)
        _ = try client.call("app.launch", ["sample": "MultiWindow"])
        let folders = { (try? FileManager.default.contentsOfDirectory(atPath: killed.directory))?.filter { $0.contains("-output-") } ?? [] }
        let left = folders()
        #expect(left.count == 1, "the daemon's output folders: \(left)")
        killed.stop(signal: SIGKILL)
        #expect(folders() == left, "a daemon killed with SIGKILL cannot remove its folder")
        let next = try DaemonHarness(in: killed.directory, socketName: "e.sock")
        _ = try forkServer(next.client())
        let now = folders()
        #expect(!now.contains(left[0]), "the killed daemon's folder is still there: \(now)")
        #expect(now.count == 1, "the new daemon's folder: \(now)")
        #expect(next.stderr.contains("removed \(left[0])"))
    }

    @Test func anAppKilledFromOutsideIsReportedWithItsSignal() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        _ = try forkServer(client)
        let app = try #require(client.call("app.launch", ["sample": "MultiWindow"])["app"]?.string)
        let pid = Int32(try #require(client.call("app.list")["apps"]?.array?.first?["pid"]?.int))
        // Its parent is the fork server: the daemon hears of the exit from it.
        kill(pid, SIGKILL)
        #expect(eventually(10) { (try? client.call("app.list"))?["apps"]?.array?.isEmpty == true })
        do {
            _ = try client.call("app.describe", ["app": .string(app)])
            Issue.record("a killed app still answered")
        } catch let error as RPCError {
            #expect(error.message.contains("killed by signal \(SIGKILL)"), "\(error.message)")
        }
    }
}
