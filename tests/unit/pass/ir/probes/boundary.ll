; Boundary probes: after each comparison of integers or floats (not of booleans or pointers),
; `__unitgen_sym_boundary(site, line, order)` with the operands' order: 1 less, 2 equal, 3 greater,
; 4 and 5 one below and one above (integers), 0 for equal operands of `==`/`!=` (their own
; branch) and unordered floats. In the symbolic mode the probes stay concrete (no `_sym_` calls
; between a comparison and its probe). The concrete clone
; has the same probe with the same site, and a probes-only build too. Run in both modes (see
; CMakeLists.txt).

define i32 @limits(i32 %a, double %x, i8* %p, i8* %q, i1 %flag) {
entry:
  %lt = icmp slt i32 %a, 10
  %eq = icmp eq i32 %a, 7
  %fge = fcmp oge double %x, 2.5
  %ptr = icmp ult i8* %p, %q
  %bool = icmp eq i1 %flag, %lt
  %both = and i1 %lt, %eq
  %all = and i1 %both, %fge
  %any = or i1 %all, %ptr
  %some = or i1 %any, %bool
  %r = zext i1 %some to i32
  ret i32 %r
}

; CHECK-LABEL: define i32 @limits(
; BOTH: unitgen.sym:
; CHECK: %lt = icmp slt i32 %a, 10
; CHECK-NEXT: [[E1:%.*]] = icmp eq i32 %a, 10, !unitgen.probe
; CHECK-NEXT: [[L1:%.*]] = icmp slt i32 %a, 10, !unitgen.probe
; CHECK-NEXT: [[D1:%.*]] = sub i32 %a, 10, !unitgen.probe
; CHECK-NEXT: [[B1:%.*]] = icmp eq i32 [[D1]], -1, !unitgen.probe
; CHECK-NEXT: [[A1:%.*]] = icmp eq i32 [[D1]], 1, !unitgen.probe
; CHECK-NEXT: [[LC1:%.*]] = select i1 [[B1]], i8 4, i8 1, !unitgen.probe
; CHECK-NEXT: [[GC1:%.*]] = select i1 [[A1]], i8 5, i8 3, !unitgen.probe
; CHECK-NEXT: [[N1:%.*]] = select i1 [[L1]], i8 [[LC1]], i8 [[GC1]], !unitgen.probe
; CHECK-NEXT: [[O1:%.*]] = select i1 [[E1]], i8 2, i8 [[N1]], !unitgen.probe
; CHECK-NEXT: call void @__unitgen_sym_boundary(i32 [[SITE1:-?[0-9]+]], i32 0, i8 [[O1]]), !unitgen.probe
; CHECK: %eq = icmp eq i32 %a, 7
; CHECK-NEXT: [[E2:%.*]] = icmp eq i32 %a, 7, !unitgen.probe
; CHECK-NEXT: [[L2:%.*]] = icmp slt i32 %a, 7, !unitgen.probe
; CHECK: [[N2:%.*]] = select i1 [[L2]], i8 {{%.*}}, i8 {{%.*}}, !unitgen.probe
; CHECK-NEXT: [[O2:%.*]] = select i1 [[E2]], i8 0, i8 [[N2]], !unitgen.probe
; CHECK-NEXT: call void @__unitgen_sym_boundary(i32 [[SITE2:-?[0-9]+]], i32 0, i8 [[O2]])
; CHECK: %fge = fcmp oge double %x, 2.5
; CHECK-NEXT: [[E3:%.*]] = fcmp oeq double %x, 2.5
; CHECK-NEXT: [[L3:%.*]] = fcmp olt double %x, 2.5
; CHECK-NEXT: [[G3:%.*]] = fcmp ogt double %x, 2.5
; CHECK-NEXT: [[U3:%.*]] = select i1 [[G3]], i8 3, i8 0
; CHECK-NEXT: [[N3:%.*]] = select i1 [[L3]], i8 1, i8 [[U3]]
; CHECK-NEXT: [[O3:%.*]] = select i1 [[E3]], i8 2, i8 [[N3]]
; CHECK-NEXT: call void @__unitgen_sym_boundary(i32 [[SITE3:-?[0-9]+]], i32 0, i8 [[O3]])
; CHECK: %ptr = icmp ult i8* %p, %q
; CHECK-NOT: __unitgen_sym_boundary
; CHECK: ret i32

; BOTH-LABEL: define internal i32 @limits.unitgen.concrete(
; BOTH: %lt = icmp slt i32 %a, 10
; BOTH-NEXT: icmp eq i32 %a, 10
; BOTH-NEXT: icmp slt i32 %a, 10
; BOTH-NEXT: sub i32 %a, 10
; BOTH: call void @__unitgen_sym_boundary(i32 [[SITE1]], i32 0,
; BOTH: %eq = icmp eq i32 %a, 7
; BOTH: call void @__unitgen_sym_boundary(i32 [[SITE2]], i32 0,
; BOTH: %fge = fcmp oge double %x, 2.5
; BOTH: call void @__unitgen_sym_boundary(i32 [[SITE3]], i32 0,
; BOTH: %ptr = icmp ult i8* %p, %q
; BOTH-NOT: __unitgen_sym_boundary
; BOTH: ret i32

; PROBES-NOT: @__unitgen_sym_on
; PROBES-NOT: unitgen.concrete
