// The app a UI test target launches, found without a registration: the port step gives
// an app's `@main` delegate class a C-named maker (`lifeloop_main_delegate`), and this
// module refers to it weakly, so a test binary that links the app's ported target finds
// it and one that does not links all the same (the reference is then null).
#ifndef CLIFELOOPTESTING_H
#define CLIFELOOPTESTING_H

/// Makes the app's delegate and returns it retained.
typedef void *_Nonnull (*lifeloop_testing_delegate_maker)(void);

/// The port step's maker of the `@main` delegate linked into this program, or null when no
/// ported app target is linked in.
lifeloop_testing_delegate_maker _Nullable lifeloop_testing_main_delegate_maker(void);

#endif
