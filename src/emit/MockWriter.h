// MockWriter: the gMock class a test declares for each class unitgen mocks, and the
// EXPECT_CALL that says how often the code under test called one of its methods.
#pragma once

#include "model/ClassModel.h"

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

} // namespace unitgen
