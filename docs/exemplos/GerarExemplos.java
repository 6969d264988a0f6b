import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Writes the synthetic samples that docs/quickstart.sh uploads: an authorised NF-e (nfeProc, cStat 100) and its
 * DANFE as a one-page PDF. Both are TEST DATA and say so inside the files: homologation environment (tpAmb 2) with
 * the official "SEM VALOR FISCAL" recipient name, an XML comment, infCpl, and the PDF's text and /Info. The
 * signature and digests are placeholders with the right shape; nothing is cryptographically valid.
 *
 * <p>The numbers agree with the walkthrough: issuer CNPJ 11.222.333/0001-81 (the walkthrough's store), recipient
 * CPF 529.982.247-25 (its customer), two units at 24.90 plus 5.00 delivery = 54.80 (its order's total), so the
 * only warning the service gives is the homologation one.
 *
 * <p>Run from the repository root (JDK 17, no build needed), then commit the two files:
 * {@code java docs/exemplos/GerarExemplos.java docs/exemplos}. The output is deterministic.
 */
public class GerarExemplos {

    static final String NS_NFE = "http://www.portalfiscal.inf.br/nfe";
    static final String CUF = "35";
    static final String AAMM = "2611";
    static final String CNPJ_EMITENTE = "11222333000181";
    static final String CPF_DESTINATARIO = "52998224725";
    static final String MODELO = "55";
    static final int SERIE = 1;
    static final long NUMERO = 42;
    static final String CODIGO_NUMERICO = "73920415";
    static final String DH_EMI = "2026-11-20T10:15:00-03:00";
    static final String DH_RECBTO = "2026-11-20T10:15:04-03:00";
    /** 1 + cUF + year + a 10-digit sequence: the shape of SEFAZ protocol numbers (15 digits). */
    static final String PROTOCOLO = "135260000000042";
    static final String SEM_VALOR = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

    public static void main(String[] args) throws IOException {
        Path destino = Path.of(args.length > 0 ? args[0] : "docs/exemplos");
        Files.createDirectories(destino);
        String chave = chave();
        Files.writeString(destino.resolve("nfe-autorizada.xml"), xml(chave), StandardCharsets.UTF_8);
        Files.write(destino.resolve("danfe.pdf"), pdf(chave));
        System.out.println("chave " + chave + " -> " + destino.resolve("nfe-autorizada.xml") + ", "
                + destino.resolve("danfe.pdf"));
    }

    /** cUF | AAMM | CNPJ | mod | serie(3) | nNF(9) | tpEmis | cNF(8) | cDV (fiscal-facts.md, section 4). */
    static String chave() {
        String semDv = CUF + AAMM + CNPJ_EMITENTE + MODELO + "%03d".formatted(SERIE) + "%09d".formatted(NUMERO) + "1"
                + CODIGO_NUMERICO;
        return semDv + digitoVerificador(semDv);
    }

    /** Modulo 11 over the 43 first characters, weights 2..9 from the right; remainder 0 or 1 gives 0. */
    static int digitoVerificador(String chave43) {
        int soma = 0;
        int peso = 2;
        for (int i = chave43.length() - 1; i >= 0; i--) {
            soma += (chave43.charAt(i) - '0') * peso;
            peso = peso == 9 ? 2 : peso + 1;
        }
        int resto = soma % 11;
        return resto < 2 ? 0 : 11 - resto;
    }

    static String xml(String chave) {
        String placeholder = Base64.getEncoder().encodeToString(
                "AMOSTRA SINTETICA - ASSINATURA FICTICIA".getBytes(StandardCharsets.US_ASCII));
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- AMOSTRA SINTÉTICA DE TESTE, SEM VALOR FISCAL: gerada por docs/exemplos/GerarExemplos.java para
                     docs/quickstart.sh. Ambiente de homologação (tpAmb 2); assinatura, digests e protocolo fictícios. -->
                <nfeProc versao="4.00" xmlns="%1$s">
                  <NFe xmlns="%1$s">
                    <infNFe Id="NFe%2$s" versao="4.00">
                      <ide><cUF>%3$s</cUF><cNF>%4$s</cNF><natOp>VENDA DE MERCADORIA</natOp><mod>%5$s</mod><serie>%6$d</serie><nNF>%7$d</nNF><dhEmi>%8$s</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>%9$s</cDV><tpAmb>2</tpAmb><finNFe>1</finNFe><indFinal>1</indFinal><indPres>2</indPres><indIntermed>0</indIntermed><procEmi>0</procEmi><verProc>quickstart-exemplo 1.0</verProc></ide>
                      <emit><CNPJ>%10$s</CNPJ><xNome>Mercado Azul Ltda (EXEMPLO DE TESTE)</xNome><xFant>Mercado Azul</xFant><enderEmit><xLgr>Rua Augusta</xLgr><nro>1500</nro><xBairro>Consolacao</xBairro><cMun>3550308</cMun><xMun>Sao Paulo</xMun><UF>SP</UF><CEP>01304001</CEP><cPais>1058</cPais><xPais>BRASIL</xPais></enderEmit><IE>110042490114</IE><CRT>1</CRT></emit>
                      <dest><CPF>%11$s</CPF><xNome>%12$s</xNome><enderDest><xLgr>Avenida Paulista</xLgr><nro>1000</nro><xBairro>Bela Vista</xBairro><cMun>3550308</cMun><xMun>Sao Paulo</xMun><UF>SP</UF><CEP>01310100</CEP><cPais>1058</cPais><xPais>BRASIL</xPais></enderDest><indIEDest>9</indIEDest></dest>
                      <det nItem="1"><prod><cProd>1001</cProd><cEAN>SEM GTIN</cEAN><xProd>Cafe 500 g - Moagem Fina</xProd><NCM>09012100</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>2.0000</qCom><vUnCom>24.9000000000</vUnCom><vProd>49.80</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>UN</uTrib><qTrib>2.0000</qTrib><vUnTrib>24.9000000000</vUnTrib><vFrete>5.00</vFrete><indTot>1</indTot></prod><imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS><PIS><PISNT><CST>07</CST></PISNT></PIS><COFINS><COFINSNT><CST>07</CST></COFINSNT></COFINS></imposto></det>
                      <total><ICMSTot><vBC>0.00</vBC><vICMS>0.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>49.80</vProd><vFrete>5.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>54.80</vNF></ICMSTot></total>
                      <transp><modFrete>0</modFrete></transp>
                      <pag><detPag><tPag>17</tPag><vPag>54.80</vPag></detPag></pag>
                      <infAdic><infCpl>DOCUMENTO DE TESTE SEM VALOR FISCAL - amostra de docs/quickstart.sh</infCpl></infAdic>
                    </infNFe>
                    <Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/><SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/><Reference URI="#NFe%2$s"><Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/><Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms><DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/><DigestValue>%13$s</DigestValue></Reference></SignedInfo><SignatureValue>%13$s</SignatureValue><KeyInfo><X509Data><X509Certificate>%13$s</X509Certificate></X509Data></KeyInfo></Signature>
                  </NFe>
                  <protNFe versao="4.00">
                    <infProt Id="ID%14$s"><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>%2$s</chNFe><dhRecbto>%15$s</dhRecbto><nProt>%14$s</nProt><digVal>%13$s</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt>
                  </protNFe>
                </nfeProc>
                """.formatted(NS_NFE, chave, CUF, CODIGO_NUMERICO, MODELO, SERIE, NUMERO, DH_EMI, chave.charAt(43),
                CNPJ_EMITENTE, CPF_DESTINATARIO, SEM_VALOR, placeholder, PROTOCOLO, DH_RECBTO);
    }

    /** A one-page PDF 1.4 (Helvetica, ASCII text) with a correct cross-reference table. */
    static byte[] pdf(String chave) {
        List<String> linhas = List.of(
                "DANFE - AMOSTRA DE TESTE - SEM VALOR FISCAL",
                "Documento sintetico gerado por docs/exemplos/GerarExemplos.java",
                "",
                "NF-e 55  serie " + SERIE + "  numero " + NUMERO + "  emissao 20/11/2026 10:15",
                "Chave de acesso: " + String.join(" ", chave.split("(?<=\\G.{4})")),
                "Protocolo de autorizacao: " + PROTOCOLO + "  (ambiente de homologacao)",
                "Emitente: Mercado Azul Ltda (EXEMPLO DE TESTE)  CNPJ 11.222.333/0001-81",
                "Destinatario: CPF 529.982.247-25",
                "2 x Cafe 500 g - Moagem Fina  24,90  =  49,80",
                "Frete 5,00      Valor total da nota 54,80");
        StringBuilder conteudo = new StringBuilder("BT /F1 11 Tf 14 TL 50 790 Td\n");
        for (String linha : linhas) {
            conteudo.append('(').append(linha).append(") Tj T*\n");
        }
        conteudo.append("ET");
        String[] objetos = {
                "<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
                "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
                "<< /Length " + conteudo.length() + " >>\nstream\n" + conteudo + "\nendstream",
                "<< /Title (DANFE de teste - sem valor fiscal) /Subject (Amostra sintetica para docs/quickstart.sh) "
                        + "/Producer (docs/exemplos/GerarExemplos.java) >>"};
        ByteArrayOutputStream saida = new ByteArrayOutputStream();
        escrever(saida, "%PDF-1.4\n");
        saida.writeBytes(new byte[] {'%', (byte) 0xE2, (byte) 0xE3, (byte) 0xCF, (byte) 0xD3, '\n'});
        List<Integer> posicoes = new ArrayList<>();
        for (int i = 0; i < objetos.length; i++) {
            posicoes.add(saida.size());
            escrever(saida, (i + 1) + " 0 obj\n" + objetos[i] + "\nendobj\n");
        }
        int inicioXref = saida.size();
        StringBuilder xref = new StringBuilder("xref\n0 " + (objetos.length + 1) + "\n0000000000 65535 f \n");
        for (int posicao : posicoes) {
            xref.append("%010d 00000 n \n".formatted(posicao));
        }
        xref.append("trailer\n<< /Size ").append(objetos.length + 1).append(" /Root 1 0 R /Info 6 0 R >>\n")
            .append("startxref\n").append(inicioXref).append("\n%%EOF\n");
        escrever(saida, xref.toString());
        return saida.toByteArray();
    }

    private static void escrever(ByteArrayOutputStream saida, String texto) {
        saida.writeBytes(texto.getBytes(StandardCharsets.US_ASCII));
    }
}
