// diffable-gallery: every layout and interaction of DiffableTerminal, on generated data.
//
//   swift run diffable-gallery            # on this terminal
//   swift run diffable-gallery --rows 500 # a smaller last section

import DiffableGallery
import DiffableTerminal
import Foundation

var rows = 1_000_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--rows", let value = arguments.popFirst().flatMap(Int.init) {
        rows = value
    } else {
        print("usage: diffable-gallery [--rows N]")
        exit(2)
    }
}

let terminal = Terminal()
do {
    try terminal.enter()
} catch {
    print("diffable-gallery needs an interactive terminal: \(error)")
    exit(1)
}
let gallery = Gallery(device: terminal, rowCount: rows)
await gallery.run()
terminal.restore()
