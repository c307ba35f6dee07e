import Foundation

extension Application {
    /// Starts recording this host-clock app's run: every clock read, every arrival and
    /// each turn's digest go to `path` as the loop runs. Call it before the first run, and
    /// ``finishRecording(_:)`` after the last.
    /// - Parameters:
    ///   - path: The recording to write.
    ///   - program: A name for what runs, checked by ``startReplay(of:program:)``.
    ///   - seed: The seed the program was given, if any.
    /// On the virtual clock the recording holds the turn digests only (the program and seed
    /// reproduce the rest), and a replay checks them.
    /// - Throws: `RecordingError` when the file cannot be created or the trace is off.
    public func startRecording(to path: String, program: String, seed: UInt64 = 0) throws -> RecordingWriter {
        guard loop.trace.isEnabled else { throw RecordingError("\(path): recording needs the trace on (its turn digests are checkpoints)") }
        let writer = try RecordingWriter(path: path, header: RecordingHeader(
            lifeloopVersion: "lifeloop", program: program, programHash: program, vocabulary: "", seed: seed,
            clock: loop.clock.rawValue))
        loop.recorder = writer
        return writer
    }

    /// Ends a recording with its trailer (the last turn's checkpoint, the turn count and
    /// the final digest).
    public func finishRecording(_ writer: RecordingWriter) throws {
        try loop.checkpointLastTurn()
        loop.recorder = nil
        try writer.finish(ok: true, turns: loop.turn, finalDigest: loop.trace.digest)
    }

    /// Makes this host-clock app replay a recording: its runs take the recorded clock reads
    /// and arrivals, and every turn's digest is checked; a difference stops the run with
    /// `LoopError/replayDiverged(_:)`. Call it before the first run.
    /// - Throws: `RecordingError` for a truncated or too new recording, or one of another
    ///   program.
    public func startReplay(of path: String, program: String) throws -> RecordingReader {
        let reader = try RecordingReader(path: path)
        guard reader.header.program == program else {
            throw RecordingError("\(path): recorded from '\(reader.header.program)', not '\(program)'")
        }
        loop.replaySource = reader
        return reader
    }

    /// Ends a replay: checks the last turn and the final digest against the recording.
    /// - Throws: `LoopError/replayDiverged(_:)` naming what differs.
    public func finishReplay(_ reader: RecordingReader) throws {
        defer { loop.replaySource = nil }
        try loop.checkpointLastTurn()
        guard loop.turn == reader.turns, loop.trace.digest.description == reader.finalDigest else {
            throw LoopError.replayDiverged("the replay ended at turn \(loop.turn) with digest \(loop.trace.digest); the recording at turn \(reader.turns) with \(reader.finalDigest)")
        }
    }
}
