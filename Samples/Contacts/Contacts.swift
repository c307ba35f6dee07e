// A sample written as UIKit code for iOS: a contacts list in sections by initial, fed by
// a diffable data source; a search field filters it through a new snapshot; a row pushes
// the contact's page.
import LifeloopScenario
import UIKit

/// The `Contacts` sample (`app: {sample: Contacts}` in a scenario).
public enum Contacts {
    /// A person in the list.
    struct Contact: Hashable {
        let name: String
        let phone: String
        var initial: String { String(name.prefix(1)) }
    }

    /// The sample's people: 60 names, deterministic.
    static let people: [Contact] = {
        let first = ["Ada", "Alan", "Barbara", "Claude", "Dennis", "Donald", "Edsger", "Frances", "Grace", "John",
                     "Ken", "Leslie", "Margaret", "Niklaus", "Radia", "Tony"]
        let last = ["Hopper", "Knuth", "Liskov", "Lovelace", "Ritchie", "Shannon", "Turing", "Wirth"]
        var result: [Contact] = []
        for index in 0..<60 {
            let name = "\(first[index % first.count]) \(last[(index * 7) % last.count]) \(index)"
            result.append(Contact(name: name, phone: "+1 555 01\(String(format: "%02d", index))"))
        }
        return result.sorted { $0.name < $1.name }
    }()

    /// The data source: the section identifiers (initials) are the headers' titles.
    final class ContactsDataSource: UITableViewDiffableDataSource<String, Contact> {
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            sectionIdentifier(for: section)
        }
    }

    /// The list: sections by initial, a search field as the table's header.
    final class ContactsViewController: UITableViewController {
        let search = UITextField(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        var dataSource: ContactsDataSource!
        private(set) var query = ""

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Contacts"
            tableView.rowHeight = 52
            tableView.register(forCellReuseIdentifier: "contact") { UITableViewCell(style: .subtitle, reuseIdentifier: $0) }
            dataSource = ContactsDataSource(tableView: tableView) { table, indexPath, contact in
                let cell = table.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = contact.name
                content.secondaryText = contact.phone
                cell.contentConfiguration = content
                cell.accessoryType = .disclosureIndicator
                return cell
            }
            tableView.delegate = self
            search.placeholder = "Search"
            search.traceLabel = "search"
            search.addAction(UIAction { [unowned self] _ in filter(search.text ?? "") }, for: .editingChanged)
            tableView.tableHeaderView = search
            filter("")
        }

        /// Shows the contacts whose name contains `text` (all when empty), as a new snapshot.
        func filter(_ text: String) {
            query = text
            let shown = text.isEmpty ? people : people.filter { $0.name.lowercased().contains(text.lowercased()) }
            var snapshot = NSDiffableDataSourceSnapshot<String, Contact>()
            for contact in shown {
                if snapshot.indexOfSection(contact.initial) == nil { snapshot.appendSections([contact.initial]) }
                snapshot.appendItems([contact], toSection: contact.initial)
            }
            dataSource.apply(snapshot, animatingDifferences: true)
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            guard let contact = dataSource.itemIdentifier(for: indexPath) else { return }
            let detail = ContactViewController(contact: contact)
            navigationController?.pushViewController(detail, animated: true)
        }
    }

    /// A contact's page.
    final class ContactViewController: UIViewController {
        let contact: Contact
        let nameLabel = UILabel()

        init(contact: Contact) {
            self.contact = contact
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            title = contact.name
            view.backgroundColor = .systemBackground
            nameLabel.frame = CGRect(x: 20, y: 120, width: 300, height: 30)
            nameLabel.text = contact.name
            nameLabel.traceLabel = "contactName"
            view.addSubview(nameLabel)
        }
    }

    /// The app: one window, the list at the root of a navigation controller.
    @Sendable public static func launch(_ context: LaunchContext) throws {
        let spec = context.windows[0]
        let window = UIWindow(screen: spec.screen, label: spec.label)
        let list = ContactsViewController(style: .plain)
        list.traceLabel = "Contacts"
        list.tableView.traceLabel = "contactsTable"
        let navigation = UINavigationController(rootViewController: list, label: "Nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }
}
