% fromascii and toascii are inverse; arithmetic on the codes shifts letters.
print toascii(fromascii("abc") + 1)
print toascii(fromascii("Quasar"))
% expect: bcd
% expect: Quasar
