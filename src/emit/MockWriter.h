// MockWriter: the gMock class a test declares for each class unitgen mocks, the ON_CALL that
// says what one of its methods returns and the EXPECT_CALL that says how often the code under
// test called it.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <string>

namespace unitgen {

/// `MockHandler` for `leveldb::WriteBatch::Handler` (class `classIndex` of the model).
std::string mockClassName(const ClassModel &model, int classIndex);

/// The definitions of the mocks `code` declares (`testing::NiceMock<MockHandler>`), each
/// `class MockHandler : public leveldb::WriteBatch::Handler { MOCK_METHOD(...); ... };`.
std::string mockDefinitions(const ClassModel &model, const std::string &code);

/// `EXPECT_CALL(handler, Put(testing::_, testing::_)).Times(2)` for mock method `method` of
/// class `classIndex`, on the mock named `variable`.
std::string expectCall(const ClassModel &model, int classIndex, int method,
                       const std::string &variable, int64_t times);

/// `ON_CALL(handler, wantsMore()).WillByDefault(testing::Return(true))` for mock method
/// `method` of class `classIndex`, which the mock named `variable` makes return `result`
/// (MockMethod::resultParameter); empty when that is what a NiceMock returns anyway.
std::string onCall(const ClassModel &model, int classIndex, int method, const std::string &variable,
                   const Value &result);

} // namespace unitgen
