// `lifeloop-port SRC... --output DIR [--suffix S]`: the port step, as the LifeloopPortPlugin build-tool
// plugin runs it (the same as `lifeloop port`). Exit status: 0, 1 when it reported errors
// (files written all the same), 2 on unusable input.
import Foundation
import LifeloopPort

var arguments = Array(CommandLine.arguments.dropFirst())
// `lifeloop-port --survey FILE...`: what each file's syntax uses (UseSurvey), one JSON line
// a file, for scripts/uikit-survey.py.
if arguments.first == "--survey" {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var status: Int32 = 0
    for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("lifeloop-port: \(path): cannot be read\n".utf8))
            status = 2
            continue
        }
        let survey = UseSurvey.survey(source: String(decoding: data, as: UTF8.self))
        struct Line: Encodable { var file: String; var survey: UseSurvey }
        if let json = try? encoder.encode(Line(file: path, survey: survey)) {
            FileHandle.standardOutput.write(json + Data("\n".utf8))
        }
    }
    exit(status)
}
var output: String?
var sources: [String] = []
var suffix = ""
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("lifeloop-port: \(message)\nusage: lifeloop-port SRC... --output DIR [--suffix S]\n".utf8))
    exit(2)
}
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if argument == "--output" || argument == "-o" {
        guard !arguments.isEmpty else { fail("--output needs a directory") }
        output = arguments.removeFirst()
    } else if argument == "--suffix" {
        guard !arguments.isEmpty else { fail("--suffix needs a value") }
        suffix = arguments.removeFirst()
    } else if argument.hasPrefix("--output=") {
        output = String(argument.dropFirst("--output=".count))
    } else if argument == "--help" || argument == "-h" {
        print("usage: lifeloop-port SRC... --output DIR [--suffix S]   (S before .swift in the written names)")
        exit(0)
    } else {
        sources.append(argument)
    }
}
guard let output else { fail("no --output directory") }
guard !sources.isEmpty else { fail("no sources") }
let status = PortTool.run(sources: sources, output: output, suffix: suffix) { FileHandle.standardError.write(Data($0.utf8)) }
exit(status)
