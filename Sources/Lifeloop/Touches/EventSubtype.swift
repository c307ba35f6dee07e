extension Event {
    /// What a motion or remote-control event is: UIKit's `UIEvent.EventSubtype`.
    public enum EventSubtype: Int, Hashable, Sendable {
        /// No subtype (touch events).
        case none = 0
        /// The device was shaken.
        case motionShake = 1
        /// Play.
        case remoteControlPlay = 100
        /// Pause.
        case remoteControlPause = 101
        /// Stop.
        case remoteControlStop = 102
        /// Play or pause.
        case remoteControlTogglePlayPause = 103
        /// Next track.
        case remoteControlNextTrack = 104
        /// Previous track.
        case remoteControlPreviousTrack = 105
    }

    /// The event's subtype: `none` for the touch events Lifeloop makes.
    public var subtype: EventSubtype { .none }
}
