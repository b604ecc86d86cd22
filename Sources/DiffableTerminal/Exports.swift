// The cell and list vocabulary the terminal's views are configured with.
@_exported public import DiffableCells
