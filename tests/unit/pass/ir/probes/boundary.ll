; Boundary probes: after each relational comparison of integers or floats (not ==, !=, not
; pointers), `__unitgen_sym_boundary(site, line, equal)`; the concrete clone has the same probe
; with the same site, and a probes-only build too. Run in both modes (see CMakeLists.txt).

define i32 @limits(i32 %a, double %x, i8* %p, i8* %q) {
entry:
  %lt = icmp slt i32 %a, 10
  %eq = icmp eq i32 %a, 7
  %fge = fcmp oge double %x, 2.5
  %ptr = icmp ult i8* %p, %q
  %both = and i1 %lt, %eq
  %all = and i1 %both, %fge
  %any = or i1 %all, %ptr
  %r = zext i1 %any to i32
  ret i32 %r
}

; CHECK-LABEL: define i32 @limits(
; BOTH: unitgen.sym:
; CHECK: %lt = icmp slt i32 %a, 10
; CHECK-NEXT: [[E1:%.*]] = icmp eq i32 %a, 10, !unitgen.probe
; CHECK-NEXT: [[F1:%.*]] = zext i1 [[E1]] to i8, !unitgen.probe
; CHECK-NEXT: call void @__unitgen_sym_boundary(i32 [[SITE1:-?[0-9]+]], i32 0, i8 [[F1]]), !unitgen.probe
; CHECK: %eq = icmp eq i32 %a, 7
; CHECK-NOT: __unitgen_sym_boundary
; CHECK: %fge = fcmp oge double %x, 2.5
; CHECK-NEXT: [[E2:%.*]] = fcmp oeq double %x, 2.5
; CHECK-NEXT: [[F2:%.*]] = zext i1 [[E2]] to i8
; CHECK-NEXT: call void @__unitgen_sym_boundary(i32 [[SITE2:-?[0-9]+]], i32 0, i8 [[F2]])
; CHECK: %ptr = icmp ult i8* %p, %q
; CHECK-NOT: __unitgen_sym_boundary
; CHECK: ret i32

; BOTH-LABEL: define internal i32 @limits.unitgen.concrete(
; BOTH: %lt = icmp slt i32 %a, 10
; BOTH-NEXT: icmp eq i32 %a, 10
; BOTH-NEXT: zext
; BOTH-NEXT: call void @__unitgen_sym_boundary(i32 [[SITE1]], i32 0,
; BOTH: %fge = fcmp oge double %x, 2.5
; BOTH-NEXT: fcmp oeq double %x, 2.5
; BOTH-NEXT: zext
; BOTH-NEXT: call void @__unitgen_sym_boundary(i32 [[SITE2]], i32 0,

; PROBES-NOT: @__unitgen_sym_on
; PROBES-NOT: unitgen.concrete
