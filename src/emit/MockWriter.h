// MockWriter: the gMock class a test declares for each class unitgen mocks, the ON_CALL that
// says what one of its methods returns and the EXPECT_CALL that says how often and with what the
// code under test called it.
#pragma once

#include "emit/CodeLayout.h"
#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// `MockHandler` for `leveldb::WriteBatch::Handler` (class `classIndex` of the model).
std::string mockClassName(const ClassModel &model, int classIndex);

/// The definitions of the mocks `code` declares (`testing::NiceMock<MockHandler>`), each
/// `class MockHandler : public leveldb::WriteBatch::Handler { MOCK_METHOD(...); ... };`.
std::string mockDefinitions(const ClassModel &model, const std::string &code);

/// `EXPECT_CALL(handler, Put(testing::_, testing::_)).Times(2)` for mock method `method` of
/// class `classIndex`, on the mock named `variable`; with `arguments`, the calls with those
/// (MockArguments.h): `EXPECT_CALL(handler, Delete(testing::Property(&leveldb::Slice::ToString,
/// "key")))`, `testing::_` for one not read.
/// The call and the `.Times(2)` after it (empty for one call), for CodeBlock::chainedStatement.
std::pair<Code, std::string>
expectCall(const ClassModel &model, int classIndex, int method, const std::string &variable,
           int64_t times, const std::vector<std::optional<Value>> *arguments = nullptr);

/// `ON_CALL(handler, wantsMore()).WillByDefault(testing::Return(true))` for mock method
/// `method` of class `classIndex`, which the mock named `variable` makes return `result`
/// (MockMethod::resultParameter), and the `.WillByDefault(...)` after it; nothing when that is
/// what a NiceMock returns anyway.
std::optional<std::pair<Code, std::string>> onCall(const ClassModel &model, int classIndex,
                                                   int method, const std::string &variable,
                                                   const Value &result);

} // namespace unitgen
