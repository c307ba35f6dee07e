// `lifeloop-port SRC... --output DIR [--suffix S]`: the port step, as the LifeloopPortPlugin build-tool
// plugin runs it (the same as `lifeloop port`). Exit status: 0, 1 when it reported errors
// (files written all the same), 2 on unusable input.
import Foundation
import LifeloopPort

var arguments = Array(CommandLine.arguments.dropFirst())
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
