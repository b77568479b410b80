// SampleExecution: the recorder's record files, decoded — values, objects with their profiles,
// unread arguments, and a file torn in the middle of a record keeps what came before.
#include "learn/SampleExecution.h"

#include "driver/ValueEncoding.h"

#include <gtest/gtest.h>

#include <vector>

namespace unitgen {
namespace {

using unitgen_rt::EncodedValue;
using unitgen_rt::ValueEncoder;

/// A record as runtime/recorder/Recorder.cpp writes it.
class RecordWriter {
public:
  RecordWriter() : buffer_(1 << 16), out_(buffer_.data(), buffer_.size(), &used_) {}
  RecordWriter &call(int32_t callable, int32_t receiver, int32_t made, uint8_t arguments) {
    out_.put<uint8_t>('C');
    out_.put(callable);
    out_.put(receiver);
    out_.put(made);
    out_.put(arguments);
    return *this;
  }
  RecordWriter &value(const EncodedValue &value) {
    out_.put<uint8_t>(0);
    ValueEncoder::writeValue(out_, value);
    return *this;
  }
  RecordWriter &object(int32_t number, uint64_t profile) {
    out_.put<uint8_t>(1);
    out_.put(number);
    out_.put(profile);
    return *this;
  }
  RecordWriter &unread() {
    out_.put<uint8_t>(2);
    return *this;
  }
  std::string bytes() const {
    return std::string(reinterpret_cast<const char *>(buffer_.data()), used_);
  }

private:
  std::vector<unsigned char> buffer_;
  uint32_t used_ = 0;
  unitgen_protocol::Writer out_;
};

TEST(SampleExecutionTest, RecordsDecodeToTheCallsAndTheirArguments) {
  RecordWriter records;
  records.call(0, -1, 0, 1).value(ValueEncoder::recordedValue(std::string("alpha")));
  records.call(3, 0, -1, 3)
      .value(ValueEncoder::recordedValue(std::vector<int>{1, -2}))
      .object(0, 0x1234567890abcdefull)
      .unread();
  const RecordedProcess process = decodeRecords(records.bytes());
  EXPECT_FALSE(process.torn);
  ASSERT_EQ(process.calls.size(), 2u);
  const RecordedCall &made = process.calls[0];
  EXPECT_EQ(made.callable, 0);
  EXPECT_EQ(made.receiver, -1);
  EXPECT_EQ(made.made, 0);
  ASSERT_EQ(made.arguments.size(), 1u);
  EXPECT_EQ(made.arguments[0].kind, RecordedArgument::Kind::Value);
  EXPECT_EQ(made.arguments[0].value, Value::string("alpha"));
  const RecordedCall &call = process.calls[1];
  EXPECT_EQ(call.receiver, 0);
  ASSERT_EQ(call.arguments.size(), 3u);
  EXPECT_EQ(call.arguments[0].value, Value::list({Value::integer(1), Value::integer(-2)}));
  EXPECT_EQ(call.arguments[1].kind, RecordedArgument::Kind::Object);
  EXPECT_EQ(call.arguments[1].object, 0);
  EXPECT_EQ(call.arguments[1].profile, 0x1234567890abcdefull);
  EXPECT_EQ(call.arguments[2].kind, RecordedArgument::Kind::Unread);
}

TEST(SampleExecutionTest, ATornFileKeepsTheCallsBeforeTheTear) {
  RecordWriter records;
  records.call(1, 0, -1, 0);
  records.call(2, 0, -1, 1).value(ValueEncoder::recordedValue(std::string("cut here")));
  const std::string bytes = records.bytes();
  const RecordedProcess process = decodeRecords(bytes.substr(0, bytes.size() - 3));
  EXPECT_TRUE(process.torn);
  ASSERT_EQ(process.calls.size(), 1u);
  EXPECT_EQ(process.calls[0].callable, 1);
  EXPECT_TRUE(decodeRecords("").calls.empty());
  EXPECT_TRUE(decodeRecords("garbage").torn);
}

} // namespace
} // namespace unitgen
