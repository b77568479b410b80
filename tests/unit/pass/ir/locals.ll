; A scalar local that only this function loads and stores keeps its handle in a shadow alloca
; (no runtime call); a local whose address escapes goes through shadow memory.
declare void @use(i32*)

define i32 @locals(i32 %a) {
entry:
  %kept = alloca i32
  %escapes = alloca i32
  store i32 %a, i32* %kept
  store i32 %a, i32* %escapes
  call void @use(i32* %escapes)
  %x = load i32, i32* %kept
  %y = load i32, i32* %escapes
  %s = add i32 %x, %y
  ret i32 %s
}

; CHECK-LABEL: define i32 @locals(i32 %a)
; CHECK: entry:
; CHECK-NEXT: %kept.sym = alloca i32
; CHECK-NEXT: %kept = alloca i32
; CHECK-NEXT: %escapes = alloca i32
; CHECK-NOT: %escapes.sym
; CHECK: unitgen.sym:
; CHECK: [[HA:%.*]] = select i1 {{%.*}}, i32 {{%.*}}, i32 0
; CHECK-NEXT: store i32 0, i32* %kept.sym
; CHECK-NEXT: store i32 [[HA]], i32* %kept.sym
; CHECK-NEXT: store i32 %a, i32* %kept
; CHECK: call void @__unitgen_sym_store(i8* {{%.*}}, i32 4, i32 [[HA]], i8 0)
; CHECK: store i32 %a, i32* %escapes
; CHECK: [[HX:%.*]] = load i32, i32* %kept.sym
; CHECK-NEXT: %x = load i32, i32* %kept
; CHECK: call i32 @__unitgen_sym_load(i8* {{%.*}}, i32 4, i8 0)
; CHECK: %y = load i32, i32* %escapes
