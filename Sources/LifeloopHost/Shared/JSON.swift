// The daemon's and the MCP server's JSON value is LifeloopScenario's, the one the verb
// catalogue reads: re-exported so that every file of this module, and every client of it,
// names it as before without importing the rest of LifeloopScenario.
@_exported import enum LifeloopScenario.JSON
@_exported import struct LifeloopScenario.JSONError
