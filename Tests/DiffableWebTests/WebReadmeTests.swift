#if Web
    import Diffable
    import Testing

    @testable import DiffableWeb

    @MainActor
    @Suite("The web article's example (Documentation/Web.md)")
    struct WebReadmeTests {
        @Test func readmeWebPage() async throws {
            let server = WebServer(configuration: WebServerConfiguration(port: 8080))
            server.addPage("/names", title: "Names") { page in
                let registration = WebCollectionView.CellRegistration<WebListCell, String> { cell, _, name in
                    var content = cell.defaultContentConfiguration()
                    content.text = name
                    cell.contentConfiguration = content
                }
                let dataSource = CollectionViewDiffableDataSource<Int, String>(
                    collectionView: page.collectionView
                ) {
                    view, indexPath, name in
                    view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
                }
                var snapshot = DiffableDataSourceSnapshot<Int, String>()
                snapshot.appendSections([0])
                snapshot.appendItems(["Ada", "Grace"])
                dataSource.apply(snapshot, animatingDifferences: false)
                page.keep(dataSource)
            }

            #expect(server.url == "http://127.0.0.1:8080/")

            // What `try await server.run()` then serves (here on a free port, to a browser that
            // opened the server's address).
            try await LiveServer.run(server.makeApplication()) { client in
                let response = try await client.get("/names", host: "127.0.0.1:8080")
                #expect(response.status == 200)
                #expect(response.body.contains("<title>Names</title>"))
            }
        }
    }
#endif
