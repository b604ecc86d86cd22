// diffable-gallery: every layout and interaction of DiffableTerminal, on generated data.
//
//   swift run diffable-gallery            # on this terminal
//   swift run diffable-gallery --rows 500 # a smaller last section
//   swift run diffable-gallery --no-mouse # leave the mouse to the terminal (selecting text)
//   swift run diffable-gallery --roster   # the table view: a basketball roster to edit

import DiffableGallery
import DiffableTerminal
import Foundation

var rows = 1_000_000
var capturesMouse = true
var showsRoster = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--rows", let value = arguments.popFirst().flatMap(Int.init) {
        rows = value
    } else if argument == "--no-mouse" {
        capturesMouse = false
    } else if argument == "--roster" {
        showsRoster = true
    } else {
        print("usage: diffable-gallery [--rows N] [--no-mouse] [--roster]")
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
if showsRoster {
    await Roster(device: terminal).run()
} else {
    await Gallery(device: terminal, rowCount: rows).run()
}
terminal.restore()
