% sprintf with string and number arguments, width and alignment.
print sprintf("%s-%d", "id", 7)
print sprintf("[%5s]", "ab")
print sprintf("[%-4d]", 7)
print sprintf("%d%%", 50)
% expect: id-7
% expect: [   ab]
% expect: [7   ]
% expect: 50%
