; Arithmetic and branches: the runtime call is behind a test of the operand handles (nothing is
; built for concrete operands), the original instruction is unchanged, the branch on a
; symbolic condition is recorded, and an uninstrumented clone runs when no request is symbolic.

define i32 @arith(i32 %a, i32 %b) {
entry:
  %sum = add i32 %a, %b
  %c = icmp slt i32 %sum, 10
  br i1 %c, label %then, label %else
then:
  ret i32 %sum
else:
  ret i32 0
}

; CHECK-LABEL: define i32 @arith(i32 %a, i32 %b)
; CHECK: entry:
; CHECK-NEXT: [[ON:%.*]] = load i8, i8* @__unitgen_sym_on
; CHECK-NEXT: [[ISON:%.*]] = icmp ne i8 [[ON]], 0
; CHECK-NEXT: br i1 [[ISON]], label %unitgen.sym, label %unitgen.concrete
; CHECK: unitgen.concrete:
; CHECK-NEXT: [[R:%.*]] = musttail call i32 @arith.unitgen.concrete(i32 %a, i32 %b)
; CHECK-NEXT: ret i32 [[R]]
; CHECK: unitgen.sym:
; CHECK: [[TOKEN:%.*]] = load i8*, i8** @__unitgen_sym_callee
; CHECK-NEXT: [[MINE:%.*]] = icmp eq i8* [[TOKEN]], bitcast (i32 (i32, i32)* @arith to i8*)
; CHECK-NEXT: store i8* null, i8** @__unitgen_sym_callee
; CHECK: [[HA:%.*]] = select i1 [[MINE]], i32 {{%.*}}, i32 0
; CHECK: [[HB:%.*]] = select i1 [[MINE]], i32 {{%.*}}, i32 0
; CHECK-NEXT: [[ANY:%.*]] = or i32 [[HA]], [[HB]]
; CHECK-NEXT: [[SYM:%.*]] = icmp ne i32 [[ANY]], 0
; CHECK: br i1 [[SYM]], label %[[BUILD:.*]], label %[[JOIN:.*]]
; CHECK: [[BUILD]]:
; CHECK-NEXT: [[ADD:%.*]] = call i32 @__unitgen_sym_binary(i8 0, i32 [[HA]], i32 [[HB]], i64 {{%.*}}, i64 {{%.*}}, i16 32)
; CHECK: [[JOIN]]:
; CHECK-NEXT: [[HSUM:%.*]] = phi i32 [ [[ADD]], %[[BUILD]] ], [ 0, %unitgen.sym ]
; CHECK-NEXT: %sum = add i32 %a, %b
; CHECK: call i32 @__unitgen_sym_binary(i8 21, i32 [[HSUM]], i32 0, i64 {{%.*}}, i64 10, i16 32)
; CHECK: %c = icmp slt i32 %sum, 10
; CHECK: call void @__unitgen_sym_branch(i32 {{%.*}}, i8 {{%.*}}, i32 {{-?[0-9]+}})
; CHECK: br i1 %c, label %then, label %else
; CHECK: then:
; CHECK-NEXT: store i32 [[HSUM]], i32* @__unitgen_sym_ret
; CHECK-NEXT: store i8* bitcast (i32 (i32, i32)* @arith to i8*), i8** @__unitgen_sym_ret_from
; CHECK-NEXT: ret i32 %sum

; The clone is the function as it was: no runtime calls.
; CHECK-LABEL: define internal i32 @arith.unitgen.concrete(i32 %a, i32 %b)
; CHECK-NOT: __unitgen_sym
; CHECK: ret i32 0
