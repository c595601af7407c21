static int sq(int x) { return x * x; }
int add(int a, int b) { return a + b; }
int never(int a) { return a - 1; }
int main(int argc, char **argv) { int s = 0; for (int i = 0; i < argc + 3; i++) s = add(s, sq(i)); return s > 1000; }
