import Foundation

/// A cell's background configuration, its update handler and the state of its updates.
final class CellConfigurationStorage {
    var background: BackgroundConfiguration?
    var automaticallyUpdatesBackground = true
    var automaticallyUpdatesContent = true
    /// True until the first update has run, and after each state change.
    var needsUpdate = true
    var tableHandler: TableViewCell.ConfigurationUpdateHandler?
    var collectionHandler: CollectionViewCell.ConfigurationUpdateHandler?
    /// The view behind the content that draws the background configuration.
    var backgroundView: View?

    /// Shows `configuration` (updated for `state` when automatic) in `cell`'s bounds, in
    /// a view at the back of its subviews; nil removes that view.
    func drawBackground(in cell: View, state: CellConfigurationState) {
        guard var configuration = background else {
            backgroundView?.removeFromSuperview()
            backgroundView = nil
            return
        }
        if automaticallyUpdatesBackground { configuration = configuration.updated(for: state) }
        let view = backgroundView ?? View(frame: .zero)
        if backgroundView == nil {
            backgroundView = view
            view.traceLabel = cell.traceLabel + ".backgroundConfiguration"
            view.isUserInteractionEnabled = false
        }
        if view.superview !== cell { cell.insertSubview(view, at: 0) }
        configuration.apply(to: view, in: Rect(origin: .zero, size: cell.bounds.size))
    }
}

extension TableViewCell {
    /// What a table cell runs when its configuration needs updating: UIKit's
    /// `UITableViewCell.ConfigurationUpdateHandler`.
    public typealias ConfigurationUpdateHandler = (TableViewCell, CellConfigurationState) -> Void

    /// The cell's background, drawn behind its content view (for the cell's state, while
    /// ``automaticallyUpdatesBackgroundConfiguration``); nil (the default) draws none.
    public var backgroundConfiguration: BackgroundConfiguration? {
        get { cellConfigurationStorage?.background }
        set {
            guard onLoop("backgroundConfiguration") else { return }
            makeCellConfigurationStorage().background = newValue
            setNeedsLayout()
        }
    }

    /// Whether the background configuration follows the cell's state (true by default):
    /// a selected list cell's background turns gray.
    public var automaticallyUpdatesBackgroundConfiguration: Bool {
        get { cellConfigurationStorage?.automaticallyUpdatesBackground ?? true }
        set {
            guard onLoop("automaticallyUpdatesBackgroundConfiguration") else { return }
            makeCellConfigurationStorage().automaticallyUpdatesBackground = newValue
            setNeedsLayout()
        }
    }

    /// Whether the content configuration follows the cell's state (true by default;
    /// Lifeloop's list content looks the same in every state).
    public var automaticallyUpdatesContentConfiguration: Bool {
        get { cellConfigurationStorage?.automaticallyUpdatesContent ?? true }
        set { if onLoop("automaticallyUpdatesContentConfiguration") { makeCellConfigurationStorage().automaticallyUpdatesContent = newValue } }
    }

    /// What the cell runs after ``updateConfiguration(using:)`` when its configuration
    /// needs updating: set the configurations for the state in it.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        get { cellConfigurationStorage?.tableHandler }
        set {
            guard onLoop("configurationUpdateHandler") else { return }
            makeCellConfigurationStorage().tableHandler = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Asks for a configuration update at the next layout.
    public func setNeedsUpdateConfiguration() {
        guard onLoop("setNeedsUpdateConfiguration()") else { return }
        makeCellConfigurationStorage().needsUpdate = true
        setNeedsLayout()
    }

    /// A background configuration for the table's style: a plain list cell's.
    public func defaultBackgroundConfiguration() -> BackgroundConfiguration {
        table?.style == .plain || table == nil ? .listPlainCell() : .listGroupedCell()
    }

    func makeCellConfigurationStorage() -> CellConfigurationStorage {
        if let cellConfigurationStorage { return cellConfigurationStorage }
        let made = CellConfigurationStorage()
        cellConfigurationStorage = made
        return made
    }

    /// Selection, highlight or editing changed.
    func cellStateDidChange() {
        guard onLoop("configurationState") else { return }
        makeCellConfigurationStorage().needsUpdate = true
        setNeedsLayout()
    }

    /// The layout step: a pending update (``updateConfiguration(using:)``, then the
    /// handler), then the background drawn for the state.
    func runCellConfigurationUpdate() {
        let storage = makeCellConfigurationStorage()
        if storage.needsUpdate {
            storage.needsUpdate = false
            let state = configurationState
            updateConfiguration(using: state)
            storage.tableHandler?(self, state)
        }
        if storage.background != nil || storage.backgroundView != nil {
            storage.drawBackground(in: self, state: configurationState)
        }
    }
}

extension CollectionViewCell {
    /// What a collection cell runs when its configuration needs updating: UIKit's
    /// `UICollectionViewCell.ConfigurationUpdateHandler`.
    public typealias ConfigurationUpdateHandler = (CollectionViewCell, CellConfigurationState) -> Void

    /// The cell's background, drawn behind its content view (for the cell's state, while
    /// ``automaticallyUpdatesBackgroundConfiguration``); nil (the default) draws none.
    public var backgroundConfiguration: BackgroundConfiguration? {
        get { cellConfigurationStorage?.background }
        set {
            guard onLoop("backgroundConfiguration") else { return }
            makeCellConfigurationStorage().background = newValue
            setNeedsLayout()
        }
    }

    /// Whether the background configuration follows the cell's state (true by default):
    /// a selected list cell's background turns gray.
    public var automaticallyUpdatesBackgroundConfiguration: Bool {
        get { cellConfigurationStorage?.automaticallyUpdatesBackground ?? true }
        set {
            guard onLoop("automaticallyUpdatesBackgroundConfiguration") else { return }
            makeCellConfigurationStorage().automaticallyUpdatesBackground = newValue
            setNeedsLayout()
        }
    }

    /// Whether the content configuration follows the cell's state (true by default;
    /// Lifeloop's list content looks the same in every state).
    public var automaticallyUpdatesContentConfiguration: Bool {
        get { cellConfigurationStorage?.automaticallyUpdatesContent ?? true }
        set { if onLoop("automaticallyUpdatesContentConfiguration") { makeCellConfigurationStorage().automaticallyUpdatesContent = newValue } }
    }

    /// What the cell runs after ``updateConfiguration(using:)`` when its configuration
    /// needs updating: set the configurations for the state in it.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        get { cellConfigurationStorage?.collectionHandler }
        set {
            guard onLoop("configurationUpdateHandler") else { return }
            makeCellConfigurationStorage().collectionHandler = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Asks for a configuration update at the next layout.
    public func setNeedsUpdateConfiguration() {
        guard onLoop("setNeedsUpdateConfiguration()") else { return }
        makeCellConfigurationStorage().needsUpdate = true
        setNeedsLayout()
    }

    /// A background configuration for a list cell: a plain list cell's.
    public func defaultBackgroundConfiguration() -> BackgroundConfiguration { .listPlainCell() }

    func makeCellConfigurationStorage() -> CellConfigurationStorage {
        if let cellConfigurationStorage { return cellConfigurationStorage }
        let made = CellConfigurationStorage()
        cellConfigurationStorage = made
        return made
    }

    /// Selection or highlight changed.
    func cellStateDidChange() {
        guard onLoop("configurationState") else { return }
        makeCellConfigurationStorage().needsUpdate = true
        setNeedsLayout()
    }

    /// The layout step: a pending update (``updateConfiguration(using:)``, then the
    /// handler), then the background drawn for the state.
    func runCellConfigurationUpdate() {
        let storage = makeCellConfigurationStorage()
        if storage.needsUpdate {
            storage.needsUpdate = false
            let state = configurationState
            updateConfiguration(using: state)
            storage.collectionHandler?(self, state)
        }
        if storage.background != nil || storage.backgroundView != nil {
            storage.drawBackground(in: self, state: configurationState)
        }
    }
}
