// diffable-gallery: every layout and interaction of DiffableTerminal, on generated data.
//
//   swift run diffable-gallery            # on this terminal
//   swift run diffable-gallery --rows 500 # a smaller last section
//   swift run diffable-gallery --no-mouse # leave the mouse to the terminal (selecting text)

import DiffableGallery
import DiffableTerminal
import Foundation

var rows = 1_000_000
var capturesMouse = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--rows", let value = arguments.popFirst().flatMap(Int.init) {
        rows = value
    } else if argument == "--no-mouse" {
        capturesMouse = false
    } else {
        print("usage: diffable-gallery [--rows N] [--no-mouse]")
        exit(2)
    }
}

let terminal = Terminal()
terminal.capturesMouse = capturesMouse
do {
    try terminal.enter()
} catch {
    print("diffable-gallery needs an interactive terminal: \(error)")
    exit(1)
}
let gallery = Gallery(device: terminal, rowCount: rows)
await gallery.run()
terminal.restore()
