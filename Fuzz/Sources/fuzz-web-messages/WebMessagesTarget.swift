// fuzz-web-messages: what a page sends the server, as arbitrary bytes. The input is a sequence
// of messages separated by NUL bytes, sent in turn on one connection to a page with an outline,
// reordering and swipe actions; a refused message closes the connection (the next message goes on
// a new one, as a reconnecting page's would); items have a context menu with a submenu, a disabled
// action and one that keeps the menu open, and a detail accessory that toggles editing mode (which
// shows their delete accessory). Nothing traps; a refused message changes nothing; after every
// message the view agrees with its data source and its elements' keys are unique.

import Diffable
import DiffableTerminal
import Foundation
import FuzzSupport

@testable import DiffableWeb

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebMessages(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    MainActor.assumeIsolated { run(bytes) }
    return 0
}

@MainActor
private func run(_ bytes: [UInt8]) {
    let registry = WebSessionRegistry()
    registry.maximumSessions = 4
    registry.pageKinds["/p"] = .init(title: "Fuzz", make: makePage)
    var connection = WebConnection(registry: registry)
    for chunk in bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(64) {
        let before = describe(registry)
        do {
            try connection.receive(String(decoding: chunk, as: UTF8.self))
        } catch {
            fuzzCheck(describe(registry) == before, "refused (\(error)) yet the state changed")
            connection.close()
            connection = WebConnection(registry: registry)
        }
        for session in registry.sessions.values { check(session.page.collectionView) }
    }
    connection.close()
}

/// Everything a message could change, as text.
@MainActor
private func describe(_ registry: WebSessionRegistry) -> String {
    registry.sessions.keys.sorted().map { id in
        let view = registry.sessions[id]!.page.collectionView
        let source = view.dataSource as? CollectionViewDiffableDataSource<Int, Int>
        let items = view.elementKeys.map { "\($0.key)=\($0.value)" }.sorted()
        return
            "\(id): \(source?.snapshot().itemIdentifiers ?? []) \(items) \(view.selectedIndexPaths.sorted())"
            + " \(view.viewport) \(view.stripOffsets.sorted { $0.key < $1.key })"
    }.joined(separator: "\n")
}

@MainActor
private func check(_ view: WebCollectionView) {
    guard let source = view.dataSource as? CollectionViewDiffableDataSource<Int, Int> else { return }
    let snapshot = source.snapshot()
    fuzzCheck(
        view.counts == snapshot.sectionIdentifiers.map { snapshot.numberOfItems(inSection: $0) },
        "the view counts \(view.counts), the data source has \(snapshot.numberOfItems) items")
    // Keys used once, elements only for items in the window, headers and selection in range.
    view._checkInvariants()
}

@MainActor
private func makePage(_ page: WebPage) {
    var list = CollectionLayoutListConfiguration(appearance: .plain)
    list.trailingSwipeActionsConfigurationProvider = { _ in
        SwipeActionsConfiguration(actions: [
            ContextualAction(style: .destructive, title: "Delete", key: "d") { _, _, done in
                done(true)
            }
        ])
    }
    let menus = FuzzMenus()
    page.collectionView.delegate = menus
    page.keep(menus)
    page.collectionView.collectionViewLayout = WebLayout { section in
        section == 2 ? .horizontal(itemWidth: 100, hasHeader: false) : .list(using: list)
    }
    // Held weakly by the handlers: the page holds the data source, which holds the registration.
    let collectionView = page.collectionView
    let registration = WebCollectionView.CellRegistration<WebListCell, Int> {
        [weak collectionView] cell, _, item in
        var content = cell.defaultContentConfiguration()
        content.text = "\(item)"
        cell.contentConfiguration = content
        cell.accessories = [
            .outlineDisclosure(), .delete(),
            .detail(actionHandler: { [weak collectionView] in collectionView?.isEditing.toggle() }),
        ]
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: page.collectionView) {
        view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2, 3])
    outline.append([10, 11], to: 1)
    outline.append([20], to: 2)
    outline.expand([1])
    dataSource.apply(outline, to: 0, animatingDifferences: false)
    var flat = DiffableDataSourceSectionSnapshot<Int>()
    flat.append(Array(100..<140))
    dataSource.apply(flat, to: 1, animatingDifferences: false)
    var strip = DiffableDataSourceSectionSnapshot<Int>()
    strip.append(Array(200..<260))
    dataSource.apply(strip, to: 2, animatingDifferences: false)
    page.searchHandler = { text in
        var filtered = DiffableDataSourceSectionSnapshot<Int>()
        filtered.append(Array(100..<140).filter { text.isEmpty || String($0).contains(text) })
        dataSource.apply(filtered, to: 1)
    }
    page.keep(dataSource)
}

/// Every item's context menu: an action that keeps the menu open, a single-selection submenu, an
/// inline group with a disabled and a hidden action; choosing changes nothing but states.
@MainActor
private final class FuzzMenus: CollectionViewDelegate {
    func collectionView(
        _ collectionView: any DiffableCollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> ContextMenuConfiguration? {
        ContextMenuConfiguration(actionProvider: { _ in
            Menu(children: [
                Action(title: "Keep", attributes: .keepsMenuPresented) {
                    $0.state = $0.state == .on ? .off : .on
                },
                Menu(
                    title: "Pick", options: .singleSelection,
                    children: ["A", "B"].map { Action(title: $0) { _ in } }),
                Menu(
                    options: .displayInline,
                    children: [
                        Action(title: "Off", attributes: .disabled) { _ in },
                        Action(title: "Gone", attributes: .hidden) { _ in },
                    ]),
            ])
        })
    }
}
