#include "file_keeper.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

bool FileKeeper::save(const std::string &name, const std::string &text) {
  std::ofstream out(name);
  if (!out)
    return false;
  out << text;
  ++saved_;
  return true;
}

bool FileKeeper::erase(const std::string &name) { return std::remove(name.c_str()) == 0; }

std::string FileKeeper::load(const std::string &name) const {
  std::ifstream in(name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool FileKeeper::saveAbove(const std::string &name, const std::string &text) {
  return save("../" + name, text);
}

bool FileKeeper::connectTo(int port) const {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bool connected = connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
  close(fd);
  return connected;
}
