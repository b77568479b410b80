// HeapBlocks: the size of each live heap block, so the heap walker can read a `T*` field's
// array (`int *store_`) without knowing its length from the type.
#pragma once

#include <cstddef>

namespace unitgen_rt {

/// Bytes requested for the live heap block starting at `p`; 0 when `p` is not the start of one
/// (null, a pointer into a block, static or stack memory).
size_t heapBlockBytes(const void *p);

/// The exploration driver's operator new/delete keep the table (Allocation.cpp); the ASan
/// build asks ASan's allocator instead and never calls these.
void recordHeapBlock(const void *p, size_t bytes);
void forgetHeapBlock(const void *p);

} // namespace unitgen_rt
