// The cell and list vocabulary the browser's views are configured with, the terminal's too.
@_exported public import DiffableCells
