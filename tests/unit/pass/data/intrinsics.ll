; Pass test subject in IR: select, phi of symbolic values, switch, i1 logic, freeze and the
; intrinsics smax/umin/abs/bswap/sadd.with.overflow. Returns a bit per taken branch.
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.bswap.i32(i32)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)

define i32 @pass_ir(i32* %in) {
entry:
  %x = load i32, i32* %in
  %py = getelementptr i32, i32* %in, i64 1
  %y = load i32, i32* %py
  %lt = icmp slt i32 %x, %y
  %min = select i1 %lt, i32 %x, i32 %y
  %frozen = freeze i32 %min
  %c0 = icmp eq i32 %frozen, 3
  br i1 %c0, label %t0, label %j0
t0:
  br label %j0
j0:
  %h0 = phi i32 [ 1, %t0 ], [ 0, %entry ]
  %max = call i32 @llvm.smax.i32(i32 %x, i32 %y)
  %c1 = icmp sgt i32 %max, 10
  br i1 %c1, label %t1, label %j1
t1:
  br label %j1
j1:
  %h1 = phi i32 [ 2, %t1 ], [ 0, %j0 ]
  %umin = call i32 @llvm.umin.i32(i32 %x, i32 %y)
  %abs = call i32 @llvm.abs.i32(i32 %x, i1 false)
  %sum2 = add i32 %umin, %abs
  %c2 = icmp ult i32 %sum2, 20
  br i1 %c2, label %t2, label %j2
t2:
  br label %j2
j2:
  %h2 = phi i32 [ 4, %t2 ], [ 0, %j1 ]
  %swapped = call i32 @llvm.bswap.i32(i32 %y)
  %c3 = icmp eq i32 %swapped, 16777216
  br i1 %c3, label %t3, label %j3
t3:
  br label %j3
j3:
  %h3 = phi i32 [ 8, %t3 ], [ 0, %j2 ]
  %pair = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %x, i32 %y)
  %ovf = extractvalue { i32, i1 } %pair, 1
  %res = extractvalue { i32, i1 } %pair, 0
  %neg = icmp slt i32 %res, 0
  %both = and i1 %ovf, %neg
  %either = or i1 %both, %c0
  br i1 %either, label %t4, label %j4
t4:
  br label %j4
j4:
  %h4 = phi i32 [ 16, %t4 ], [ 0, %j3 ]
  br i1 %lt, label %left, label %right
left:
  br label %merge
right:
  br label %merge
merge:
  %chosen = phi i32 [ %x, %left ], [ %y, %right ]
  switch i32 %chosen, label %other [
    i32 1, label %one
    i32 7, label %seven
  ]
one:
  br label %done
seven:
  br label %done
other:
  br label %done
done:
  %h5 = phi i32 [ 32, %one ], [ 64, %seven ], [ 0, %other ]
  %a0 = or i32 %h0, %h1
  %a1 = or i32 %a0, %h2
  %a2 = or i32 %a1, %h3
  %a3 = or i32 %a2, %h4
  %a4 = or i32 %a3, %h5
  ret i32 %a4
}
