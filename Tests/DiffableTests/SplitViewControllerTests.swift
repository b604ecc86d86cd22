import DiffableTesting
import Foundation
import Testing

/// What a split view's delegate heard, and the column it keeps on top when collapsing.
@MainActor
private final class SplitLog: SplitViewControllerDelegate {
    var events: [String] = []
    var topColumnWhenCollapsing: SplitViewController.Column?

    func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column {
        events.append("proposed \(proposedTopColumn)")
        return topColumnWhenCollapsing ?? proposedTopColumn
    }
    func splitViewControllerDidCollapse(_ svc: SplitViewController) { events.append("collapsed") }
    func splitViewControllerDidExpand(_ svc: SplitViewController) { events.append("expanded") }
    func splitViewController(
        _ svc: SplitViewController, willChangeTo displayMode: SplitViewController.DisplayMode
    ) {
        events.append("mode \(displayMode)")
    }
    func splitViewController(_ svc: SplitViewController, willShow column: SplitViewController.Column) {
        events.append("show \(column)")
    }
    func splitViewController(_ svc: SplitViewController, willHide column: SplitViewController.Column) {
        events.append("hide \(column)")
    }
}

@MainActor
@Suite("SplitViewController (UISplitViewController's columns)")
struct SplitViewControllerTests {
    /// Recipes' three columns, the list first on a phone.
    private func makeRecipesSplit() -> (SplitViewController, SplitLog) {
        let split = SplitViewController(style: .tripleColumn)
        let log = SplitLog()
        log.topColumnWhenCollapsing = .supplementary
        split.delegate = log
        split.setTitle("Library", for: .primary)
        split.setTitle("All Recipes", for: .supplementary)
        split.setTitle("Apple Pie", for: .secondary)
        return (split, log)
    }

    @Test func theWidthDecidesHowManyColumnsShow() {
        let (split, log) = makeRecipesSplit()
        split.updateWidth(1280)
        #expect(!split.isCollapsed && split.visibleColumns == [.primary, .supplementary, .secondary])
        split.updateWidth(800)
        #expect(split.visibleColumns == [.supplementary, .secondary], "automatic: two columns fit")
        split.updateWidth(390)
        #expect(split.isCollapsed && split.visibleColumns == [.supplementary], "the delegate's column on top")
        #expect(log.events == ["mode oneBesideSecondary", "proposed secondary", "collapsed"])
        split.updateWidth(1280)
        #expect(!split.isCollapsed && split.visibleColumns.count == 3)
        #expect(log.events.suffix(1) == ["expanded"])
    }

    @Test func collapsedShowPushesAndHideGoesBack() {
        let (split, log) = makeRecipesSplit()
        split.updateWidth(390)
        #expect(split.backColumn == .primary && split.backTitle == "Library")
        split.show(.secondary)
        #expect(split.visibleColumns == [.secondary] && split.backTitle == "All Recipes")
        split.goBack()
        #expect(split.visibleColumns == [.supplementary])
        split.goBack()
        #expect(split.visibleColumns == [.primary] && split.backColumn == nil)
        split.goBack()
        #expect(split.visibleColumns == [.primary], "nothing before the first column")
        #expect(log.events.suffix(3) == ["show secondary", "hide secondary", "hide supplementary"])
    }

    @Test func aColumnShownWhileExpandedStaysOnTopAcrossACollapseAndBack() {
        let split = SplitViewController(style: .tripleColumn)
        split.updateWidth(1280)
        split.show(.secondary)  // a recipe chosen on a tablet
        split.updateWidth(390)
        #expect(split.visibleColumns == [.secondary], "rotated to a phone: the detail stays")
        split.hide(.secondary)
        split.updateWidth(1280)
        split.updateWidth(390)
        #expect(split.visibleColumns == [.supplementary], "the column shown last is proposed again")
    }

    @Test func expandedShowAndHideChangeTheDisplayMode() {
        let (split, log) = makeRecipesSplit()
        split.updateWidth(1280)
        split.hide(.primary)
        #expect(
            split.displayMode == .oneBesideSecondary && split.visibleColumns == [.supplementary, .secondary])
        split.hide(.supplementary)
        #expect(split.visibleColumns == [.secondary])
        split.hide(.secondary)
        #expect(
            split.visibleColumns == [.secondary], "an expanded interface always shows its secondary column")
        split.show(.primary)
        #expect(split.visibleColumns == [.primary, .supplementary, .secondary])
        #expect(
            log.events == [
                "hide primary", "mode oneBesideSecondary", "hide supplementary", "mode secondaryOnly",
                "show primary",
                "mode twoBesideSecondary",
            ])
        split.preferredDisplayMode = .secondaryOnly
        #expect(split.visibleColumns == [.secondary])
    }

    @Test func aDoubleColumnInterfaceHasNoSupplementary() {
        let split = SplitViewController(style: .doubleColumn)
        split.updateWidth(700)
        #expect(split.visibleColumns == [.primary, .secondary])
        split.show(.supplementary)
        #expect(split.visibleColumns == [.primary, .secondary], "not one of its columns")
        split.updateWidth(300)
        #expect(split.visibleColumns == [.secondary] && split.backColumn == .primary)
    }
}
