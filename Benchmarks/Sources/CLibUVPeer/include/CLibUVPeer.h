#ifndef CLIBUVPEER_H
#define CLIBUVPEER_H

// The raw-libuv peer: what a C program would write by hand for the same
// workloads, so Lifeloop's overhead over libuv itself can be read off.

#include <stdint.h>

/// A libuv loop with one `uv_async_t` and a mutex-protected queue of
/// (fn, arg) items, drained in the async callback. Each item run bumps a
/// counter; reaching the target stops `uv_run`.
typedef struct CLibUVPeer_PostLoop CLibUVPeer_PostLoop;

CLibUVPeer_PostLoop *CLibUVPeer_PostLoop_create(void);
void CLibUVPeer_PostLoop_destroy(CLibUVPeer_PostLoop *peer);
/// Zeroes the counter and sets how many items the next run waits for.
void CLibUVPeer_PostLoop_expect(CLibUVPeer_PostLoop *peer, uint64_t target);
/// Pushes one counting item and rings the async handle. Any thread.
void CLibUVPeer_PostLoop_post(CLibUVPeer_PostLoop *peer);
/// Runs the loop until the expected number of items has run. Loop thread only.
void CLibUVPeer_PostLoop_run(CLibUVPeer_PostLoop *peer);
uint64_t CLibUVPeer_PostLoop_counter(const CLibUVPeer_PostLoop *peer);
/// Same-thread workload: posts `count` items from the loop's thread, then runs.
void CLibUVPeer_PostLoop_postAndRun(CLibUVPeer_PostLoop *peer, uint64_t count);

/// `count` one-shot `uv_timer_t`s, all due 1 ms after start, in one array.
typedef struct CLibUVPeer_Timers CLibUVPeer_Timers;

/// Allocates and touches the timer array, so page faults stay out of the runs.
CLibUVPeer_Timers *CLibUVPeer_Timers_create(uint64_t count);
void CLibUVPeer_Timers_destroy(CLibUVPeer_Timers *timers);
/// Initializes a fresh loop for the next run.
void CLibUVPeer_Timers_prepare(CLibUVPeer_Timers *timers);
/// Starts every timer and runs the loop until all have fired.
void CLibUVPeer_Timers_run(CLibUVPeer_Timers *timers);
/// Closes the timers and the loop.
void CLibUVPeer_Timers_finish(CLibUVPeer_Timers *timers);
uint64_t CLibUVPeer_Timers_fired(const CLibUVPeer_Timers *timers);

#endif
