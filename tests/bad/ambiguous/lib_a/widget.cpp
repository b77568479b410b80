#include "widget.h"

void Widget::bump() { ++count_; }

int Widget::count() const { return count_; }
