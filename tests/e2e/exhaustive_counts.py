#!/usr/bin/env python3
"""Independent counts of the valid heaps `unitgen explore --strategy exhaustive --scope N` must
find: each structure is built from its definition (never by running the subject's invariant),
within the same finitization — N nodes, size field 0..N, other integers 0..N-1, enums and
bools over all values; integers the invariant never reads (a map's values, a lone node's key)
take every value too. Arrays behind pointers hold N elements, the first `size_` in use; the
e2e test fixes the capacities the invariants require (HeapArray 8, IntStack 4).
usage: exhaustive_counts.py SUBJECT N"""
import sys
from functools import lru_cache
from math import comb

SUBJECT, N = sys.argv[1], int(sys.argv[2])
VALUES = N  # keys, values, heights, degrees: 0..N-1


def catalan(k):
    return comb(2 * k, k) // (k + 1)


def binary_search_tree():
    # A shape with k nodes and k distinct keys in order: C(N, k) key sets per shape.
    return sum(catalan(k) * comb(VALUES, k) for k in range(N + 1))


def sorted_list():
    # Non-decreasing sequences of length k over VALUES values (duplicates allowed).
    return sum(comb(VALUES + k - 1, k) for k in range(N + 1))


def avl_tree():
    # AVL shapes by node count and height; heights are stored (leaf 1) and must fit 0..N-1.
    @lru_cache(maxsize=None)
    def shapes(nodes, height):
        if height == 0:
            return 1 if nodes == 0 else 0
        total = 0
        for left in range(nodes):
            right = nodes - 1 - left
            for lh, rh in ((height - 1, height - 1), (height - 1, height - 2),
                           (height - 2, height - 1)):
                if lh >= 0 and rh >= 0:
                    total += shapes(left, lh) * shapes(right, rh)
        return total
    return sum(shapes(k, h) * comb(VALUES, k)
               for k in range(N + 1) for h in range(0, VALUES))


def binomial_heap():
    # k nodes: one binomial tree B_d per bit d of k; keys heap-ordered (a child >= its parent),
    # duplicates allowed. labelings(d, low): ways to key B_d with its root >= low.
    @lru_cache(maxsize=None)
    def labelings(d, low):
        total = 0
        for key in range(low, VALUES):
            ways = 1
            for child in range(d):  # B_d's children are B_{d-1} .. B_0
                ways *= labelings(child, key)
            total += ways
        return total
    total = 0
    for k in range(N + 1):
        ways = 1
        for d in range(k.bit_length()):
            if k >> d & 1:
                ways *= labelings(d, 0)
        total += ways
    return total


def tree_map():
    # Red-black shapes: black root, no red node with a red child, equal black height (nil
    # counts 1). colorings(nodes, black height, root may be red) by recursion on the root.
    @lru_cache(maxsize=None)
    def trees(nodes, height, red_allowed):
        if nodes == 0:
            return 1 if height == 1 else 0
        total = 0
        for left in range(nodes):
            right = nodes - 1 - left
            # black root: children of black height height-1, either color
            if height > 1:
                total += trees(left, height - 1, True) * trees(right, height - 1, True)
            # red root: black children of the same black height
            if red_allowed:
                total += trees(left, height, False) * trees(right, height, False)
        return total
    # Every node's value is never read: VALUES ** k assignments per tree.
    return sum(trees(k, h, False) * comb(VALUES, k) * VALUES ** k
               for k in range(N + 1) for h in range(1, N + 2))


def heap_array():
    # Max-heaps of k values (duplicates allowed): a[i] <= a[(i - 1) // 2]; capacity 8 >= N.
    def heaps(prefix, k):
        if len(prefix) == k:
            return 1
        i = len(prefix)
        top = prefix[(i - 1) // 2] if i else VALUES - 1
        return sum(heaps(prefix + [v], k) for v in range(top + 1))
    return sum(heaps([], k) for k in range(N + 1))


def int_stack():
    # Any k values, k up to the capacity 4.
    return sum(VALUES ** k for k in range(min(N, 4) + 1))


print({"bin_search_tree": binary_search_tree, "sorted_list": sorted_list, "avl_tree": avl_tree,
       "binomial_heap": binomial_heap, "tree_map": tree_map, "heap_array": heap_array,
       "int_stack": int_stack}[SUBJECT]())
