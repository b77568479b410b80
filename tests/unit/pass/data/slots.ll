; Pass test subject in IR (parameters used directly, no spill to memory that would expose a
; stale handle by its value): calls that reach instrumented functions through uninstrumented
; code must not take parameter or return handles meant for another call.
@slots_g = global i32 0

define i32 @slots_above(i32 %a) {
entry:
  %c = icmp sgt i32 %a, 100
  br i1 %c, label %yes, label %no
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @slots_global() {
entry:
  %v = load i32, i32* @slots_g
  ret i32 %v
}

; cb is the harness's: it calls slots_above(v + 1000) and returns slots_global() + 1.
define i32 @pass_slots(i32* %in, i32 (i32)* %cb) {
entry:
  %x = load i32, i32* %in
  store i32 %x, i32* @slots_g
  %r1 = call i32 @slots_above(i32 %x)
  %r2 = call i32 %cb(i32 %x)
  %c = icmp eq i32 %r2, 5
  br i1 %c, label %five, label %other
five:
  %s = add i32 %r1, 100
  ret i32 %s
other:
  ret i32 %r1
}
