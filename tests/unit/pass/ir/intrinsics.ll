; Select with a symbolic condition builds an if-then-else; with a concrete one, it selects the
; handle; PHIs get handle PHIs; switches pass their case table; overflow intrinsics give the
; result and the overflow bit to extractvalue.
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @opaque()

define i32 @choose(i32 %a, i32 %b) {
entry:
  %agg = call { i32, i1 } @opaque()
  %k = extractvalue { i32, i1 } %agg, 1 ; an aggregate from outside: concrete
  %c = icmp slt i32 %a, %b
  %m = select i1 %c, i32 %a, i32 %b
  %n = select i1 %k, i32 %a, i32 %b
  %pair = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %m, i32 %n)
  %o = extractvalue { i32, i1 } %pair, 1
  br i1 %o, label %left, label %right
left:
  br label %join
right:
  br label %join
join:
  %p = phi i32 [ %m, %left ], [ %n, %right ]
  switch i32 %p, label %done [ i32 3, label %done
                               i32 9, label %done ]
done:
  ret i32 %p
}

; CHECK-LABEL: define i32 @choose(
; CHECK: call i32 @__unitgen_sym_select(i32 [[HC:%.*]], i32 [[HA:%.*]], i32 [[HB:%.*]], i8 {{%.*}}, i64 {{%.*}}, i64 {{%.*}}, i16 32, i8 0)
; CHECK: %m = select i1 %c, i32 %a, i32 %b
; CHECK: [[HN:%.*]] = select i1 %k, i32 [[HA]], i32 [[HB]]
; CHECK-NEXT: %n = select i1 %k, i32 %a, i32 %b
; CHECK: call i32 @__unitgen_sym_binary(i8 0,
; CHECK: call i32 @__unitgen_sym_binary(i8 27,
; CHECK: %pair = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %m, i32 %n)
; CHECK: call void @__unitgen_sym_branch(
; CHECK: join:
; CHECK-NEXT: [[HP:%.*]] = phi i32 [ {{%.*}}, %left ], [ [[HN]], %right ]
; CHECK-NEXT: %p = phi i32 [ %m, %left ], [ %n, %right ]
; CHECK: call void @__unitgen_sym_switch_(i32 [[HP]], i64 {{%.*}}, i16 32, i32 {{-?[0-9]+}}, i8* bitcast ([2 x i64]* @__unitgen_sym_cases to i8*), i32 2)
