#include "widget.h"

void Widget::rename(const std::string &name) { name_ = name; }

const std::string &Widget::name() const { return name_; }
