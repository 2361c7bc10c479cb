/** README.txt of the signed package, in Kazakh, Russian and English: what is inside and how to verify it. */
export function packageReadme(checkUrl: string): string {
  return `ҚОЛТАҢБАЛАР ПАКЕТІ · ПАКЕТ ПОДПИСЕЙ · SIGNED PACKAGE

[kk]
Ішінде: түпнұсқа файлдар (қол қойылған байттар), signatures/ қалтасында әр қолтаңбаның CMS файлы
(<файл>.<n>.<ЖСН немесе БСН>.cms, DER, қабылданған күйінде: әдетте бөлек қолтаңба; біріктірілгенде -content қажет емес) және signature-sheet.pdf (қолтаңбалар парағы).
Тексеру: кез келген файлды және оның CMS файлын ${checkUrl} бетіне жүктеңіз (барлық алгоритмдер: ГОСТ, RSA, ECDSA).
RSA және ECDSA қолтаңбаларын OpenSSL-мен де тексеруге болады (NCA RK түбірлік және аралық сертификаттары керек):
  openssl cms -verify -binary -inform DER -in signatures/<файл>.<n>.<ЖСН/БСН>.cms -content <файл> -CAfile nca-rk.pem -out /dev/null

[ru]
Внутри: исходные файлы (подписанные байты), в папке signatures/ по CMS на каждую подпись
(<файл>.<n>.<ИИН или БИН>.cms, DER, как принята: обычно открепленная; для присоединённой -content не нужен) и signature-sheet.pdf (лист подписания).
Проверка: загрузите файл и его CMS на странице ${checkUrl} (все алгоритмы: ГОСТ, RSA, ECDSA).
Подписи RSA и ECDSA можно проверить и OpenSSL (нужны корневой и промежуточный сертификаты НУЦ РК):
  openssl cms -verify -binary -inform DER -in signatures/<файл>.<n>.<ИИН/БИН>.cms -content <файл> -CAfile nca-rk.pem -out /dev/null

[en]
Inside: the original files (the bytes that were signed), one CMS per signature in signatures/
(<file>.<n>.<IIN or BIN>.cms, DER, as accepted: usually detached; an attached one needs no -content) and signature-sheet.pdf (the signature sheet).
To verify: upload a file with its CMS at ${checkUrl} (every algorithm: GOST, RSA, ECDSA).
RSA and ECDSA signatures also verify with OpenSSL (given the NCA RK root and intermediate certificates):
  openssl cms -verify -binary -inform DER -in signatures/<file>.<n>.<IIN/BIN>.cms -content <file> -CAfile nca-rk.pem -out /dev/null
GOST signatures need a GOST-capable verifier (ours at ${checkUrl}, or NCALayer / the NCA RK tools).
`;
}
