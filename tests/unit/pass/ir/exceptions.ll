; invoke stays an invoke with the same unwind destination; the callee's return handle is read
; on a block inserted on the normal edge only; the landing pad is untouched.
declare i32 @__gxx_personality_v0(...)
declare i32 @may_throw(i32)

define i32 @catcher(i32 %x) personality i32 (...)* @__gxx_personality_v0 {
entry:
  %r = invoke i32 @may_throw(i32 %x) to label %ok unwind label %lpad
ok:
  %r2 = phi i32 [ %r, %entry ]
  ret i32 %r2
lpad:
  %lp = landingpad { i8*, i32 } catch i8* null
  resume { i8*, i32 } %lp
}

; CHECK-LABEL: define i32 @catcher(i32 %x)
; CHECK: store i8* bitcast (i32 (i32)* @may_throw to i8*), i8** @__unitgen_sym_callee
; CHECK-NEXT: %r = invoke i32 @may_throw(i32 %x)
; CHECK-NEXT: to label %unitgen.invoke.cont unwind label %lpad
; CHECK: unitgen.invoke.cont:
; CHECK-NEXT: [[FROM:%.*]] = load i8*, i8** @__unitgen_sym_ret_from
; CHECK-NEXT: [[OURS:%.*]] = icmp eq i8* [[FROM]], bitcast (i32 (i32)* @may_throw to i8*)
; CHECK-NEXT: [[RET:%.*]] = load i32, i32* @__unitgen_sym_ret
; CHECK-NEXT: store i8* null, i8** @__unitgen_sym_ret_from
; CHECK-NEXT: [[HR:%.*]] = select i1 [[OURS]], i32 [[RET]], i32 0
; CHECK-NEXT: br label %ok
; CHECK: ok:
; CHECK-NEXT: [[HR2:%.*]] = phi i32 [ [[HR]], %unitgen.invoke.cont ]
; CHECK-NEXT: %r2 = phi i32 [ %r, %unitgen.invoke.cont ]
; CHECK-NEXT: store i32 [[HR2]], i32* @__unitgen_sym_ret
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { i8*, i32 }
; CHECK-NEXT: catch i8* null
; CHECK-NEXT: resume { i8*, i32 } %lp
; CHECK-LABEL: define internal i32 @catcher.unitgen.concrete(i32 %x)
; CHECK: invoke i32 @may_throw(i32 %x)
; CHECK-NEXT: to label %ok unwind label %lpad
