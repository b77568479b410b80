; Field-read probes with the symbolic instrumentation (UNITGEN_PASS_MODE=fields-symbolic, the
; exhaustive search's drivers): each heap load is reported in both versions of the function,
; right before it and after its shadow load, and the probes' own arithmetic builds no expression.

%struct.Node = type { i32, %struct.Node* }

define i1 @ordered(%struct.Node* %n) {
entry:
  %vp = getelementptr %struct.Node, %struct.Node* %n, i32 0, i32 0
  %v = load i32, i32* %vp
  %np = getelementptr %struct.Node, %struct.Node* %n, i32 0, i32 1
  %next = load %struct.Node*, %struct.Node** %np
  %wp = getelementptr %struct.Node, %struct.Node* %next, i32 0, i32 0
  %w = load i32, i32* %wp
  %c = icmp slt i32 %v, %w
  ret i1 %c
}

; CHECK-LABEL: define i1 @ordered(
; CHECK-NOT: @__unitgen_sym_load(i8* bitcast (i64* @__unitgen_field
; CHECK: call i32 @__unitgen_sym_load(i8* {{%.*}}, i32 4, i8 0)
; CHECK: [[BASE:%.*]] = load i64, i64* @__unitgen_field_base
; CHECK-NEXT: [[OFFSET:%.*]] = sub i64 {{%.*}}, [[BASE]]
; CHECK-NEXT: [[SPAN:%.*]] = load i64, i64* @__unitgen_field_span
; CHECK-NEXT: [[INSIDE:%.*]] = icmp ult i64 [[OFFSET]], [[SPAN]]
; CHECK-NEXT: br i1 [[INSIDE]]
; CHECK: call void @__unitgen_field_read(i64 [[OFFSET]])
; CHECK: %v = load i32, i32* %vp
; CHECK: call void @__unitgen_field_read(
; CHECK: %next = load
; CHECK: call void @__unitgen_field_read(
; CHECK: %w = load i32, i32* %wp
; CHECK: store i32 {{%.*}}, i32* @__unitgen_sym_ret
; CHECK: ret i1 %c

; CHECK-LABEL: define internal i1 @ordered.unitgen.concrete(
; CHECK-NOT: @__unitgen_sym_
; CHECK: call void @__unitgen_field_read(
; CHECK: %v = load i32, i32* %vp
; CHECK: call void @__unitgen_field_read(
; CHECK: %next = load
; CHECK: call void @__unitgen_field_read(
; CHECK: %w = load i32, i32* %wp
; CHECK-NOT: @__unitgen_sym_
; CHECK: ret i1 %c
