; Loads and stores go through shadow memory once any exists; a symbolic address is recorded
; as concretized before it is used; memcpy copies shadow; a library comparison still runs,
; with the runtime's wrapper beside it giving its result's handle; SanitizerCoverage callbacks
; are not treated as calls.
declare i32 @memcmp(i8*, i8*, i64)
declare void @__sanitizer_cov_trace_pc_guard(i32*)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
@guard = global i32 0

define i32 @memory(i32* %p, i64 %i, i8* %d, i8* %s) {
entry:
  call void @__sanitizer_cov_trace_pc_guard(i32* @guard)
  %q = getelementptr i32, i32* %p, i64 %i
  %v = load i32, i32* %q
  store i32 %v, i32* %p
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %d, i8* %s, i64 16, i1 false)
  %m = call i32 @memcmp(i8* %d, i8* %s, i64 4)
  ret i32 %m
}

; CHECK-LABEL: define i32 @memory(
; CHECK: call void @__sanitizer_cov_trace_pc_guard(i32* @guard)
; CHECK-NOT: __unitgen_sym_callee
; CHECK: call i32 @__unitgen_sym_gep(i32 {{%.*}}, i64 {{%.*}}, i32 {{%.*}}, i64 {{%.*}}, i16 64, i64 4)
; CHECK: %q = getelementptr i32, i32* %p, i64 %i
; CHECK: call void @__unitgen_sym_concretize(i32 [[HQ:%.*]], i64 {{%.*}}, i16 64, i32 {{-?[0-9]+}})
; CHECK: [[LIVE:%.*]] = load i8, i8* @__unitgen_sym_shadow_live
; CHECK-NEXT: [[ISLIVE:%.*]] = icmp ne i8 [[LIVE]], 0
; CHECK: br i1 [[ISLIVE]]
; CHECK: [[HV:%.*]] = call i32 @__unitgen_sym_load(i8* {{%.*}}, i32 4, i8 0)
; CHECK: %v = load i32, i32* %q
; CHECK: call void @__unitgen_sym_store(i8* {{%.*}}, i32 4, i32 {{%.*}}, i8 0)
; CHECK: store i32 %v, i32* %p
; CHECK: call void @__unitgen_sym_memcpy(i8* %d, i8* %s, i64 16)
; CHECK: call void @llvm.memcpy.p0i8.p0i8.i64(i8* %d, i8* %s, i64 16, i1 false)
; CHECK: store i32 {{-?[0-9]+}}, i32* @__unitgen_sym_site
; CHECK: [[HM:%.*]] = call i32 @__unitgen_sym_wrap_memcmp(i8* %d, i8* %s, i64 4)
; CHECK-NEXT: %m = call i32 @memcmp(i8* %d, i8* %s, i64 4)
; CHECK-NOT: __unitgen_sym_ret_from
; CHECK: store i32 [[HM]], i32* @__unitgen_sym_ret
; CHECK-LABEL: define internal i32 @memory.unitgen.concrete(
; CHECK: %m = call i32 @memcmp(i8* %d, i8* %s, i64 4)
