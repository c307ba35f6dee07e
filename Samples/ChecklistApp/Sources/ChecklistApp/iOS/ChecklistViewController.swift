import UIKit

/// The list: Add appends an item, a row opens it, Sync reports back a moment later.
class ChecklistViewController: UITableViewController {
    var items: [String] = []
    private let summaryLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Checklist"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Add", style: .plain, target: self, action: #selector(addItem))
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Sync", style: .plain, target: self, action: #selector(sync))
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Item")
        summaryLabel.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 44)
        summaryLabel.textAlignment = .center
        summaryLabel.accessibilityIdentifier = "summary"
        tableView.tableHeaderView = summaryLabel
        updateSummary()
    }

    @objc func addItem() {
        items.append("Item \(items.count + 1)")
        tableView.reloadData()
        updateSummary()
    }

    @objc func sync() {
        // The server answers after a second and a half.
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { [weak self] in
            let alert = UIAlertController(title: "Synced", message: "Your checklist is up to date.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            self?.present(alert, animated: true)
        }
    }

    private func updateSummary() {
        summaryLabel.text = items.count == 1 ? "1 item" : "\(items.count) items"
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        items.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let item = ItemViewController(name: items[indexPath.row])
        item.onSave = { [weak self] name in
            self?.items[indexPath.row] = name
            self?.tableView.reloadData()
        }
        navigationController?.pushViewController(item, animated: true)
    }
}
