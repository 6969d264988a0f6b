package convencional;

import java.math.BigDecimal;
import java.util.Set;

/** The service's rules for a new order's body, checked before any statement. */
final class Validacao {

    private static final Set<String> TIPOS = Set.of("DELIVERY", "BALCAO", "MESA", "RETIRADA");
    private static final BigDecimal MINIMA = new BigDecimal("0.001");

    private Validacao() {
    }

    /** The delivery type as stored (RETIRADA is BALCAO), or a 400. */
    static String conferir(CorpoDePedido corpo) {
        if (corpo == null) {
            throw Erro.invalido("Corpo JSON obrigatório");
        }
        if (corpo.tipoEntrega() == null || !TIPOS.contains(corpo.tipoEntrega())) {
            throw Erro.invalido("tipoEntrega deve ser DELIVERY, BALCAO, MESA ou RETIRADA");
        }
        String tipo = "RETIRADA".equals(corpo.tipoEntrega()) ? "BALCAO" : corpo.tipoEntrega();
        CorpoDePedido.Cliente cliente = corpo.cliente();
        if (cliente == null || cliente.nome() == null || cliente.nome().isBlank()) {
            throw Erro.invalido("cliente.nome é obrigatório");
        }
        if (cliente.id() != null) {
            throw Erro.invalido("cliente.id: clientes cadastrados não fazem parte desta base de comparação");
        }
        tamanho(cliente.nome(), 200, "cliente.nome");
        tamanho(cliente.uf(), 2, "cliente.uf");
        if (cliente.documento() != null && !documentoValido(cliente.documento().replaceAll("\\D", ""))) {
            throw Erro.invalido("cliente.documento: CPF ou CNPJ inválido");
        }
        if ("DELIVERY".equals(tipo) && (cliente.endereco() == null || cliente.endereco().isBlank())) {
            throw Erro.invalido("cliente.endereco é obrigatório para DELIVERY");
        }
        if (corpo.itens() == null || corpo.itens().isEmpty() || corpo.itens().size() > 500) {
            throw Erro.invalido("itens deve ter de 1 a 500 itens");
        }
        for (int i = 0; i < corpo.itens().size(); i++) {
            CorpoDePedido.Item item = corpo.itens().get(i);
            if (item == null || item.produtoId() == null || item.produtoId().isBlank()) {
                throw Erro.invalido("itens[" + i + "].produtoId é obrigatório");
            }
            if (item.quantidade() == null || item.quantidade().compareTo(MINIMA) < 0) {
                throw Erro.invalido("itens[" + i + "].quantidade deve ser no mínimo 0.001");
            }
            tamanho(item.observacao(), 500, "itens[" + i + "].observacao");
        }
        naoNegativo(corpo.taxaEntrega(), "taxaEntrega");
        naoNegativo(corpo.desconto(), "desconto");
        tamanho(corpo.observacoes(), 2000, "observacoes");
        return tipo;
    }

    private static void tamanho(String valor, int maximo, String campo) {
        if (valor != null && valor.length() > maximo) {
            throw Erro.invalido(campo + " deve ter no máximo " + maximo + " caracteres");
        }
    }

    private static void naoNegativo(BigDecimal valor, String campo) {
        if (valor != null && valor.signum() < 0) {
            throw Erro.invalido(campo + " não pode ser negativo");
        }
    }

    static boolean documentoValido(String d) {
        if (d.length() == 11) {
            return !d.chars().allMatch(c -> c == d.charAt(0)) && digito(d, 9, 10) && digito(d, 10, 11);
        }
        if (d.length() == 14) {
            return !d.chars().allMatch(c -> c == d.charAt(0)) && digitoCnpj(d, 12) && digitoCnpj(d, 13);
        }
        return false;
    }

    private static boolean digito(String cpf, int n, int pesoInicial) {
        int soma = 0;
        for (int i = 0; i < n; i++) {
            soma += (cpf.charAt(i) - '0') * (pesoInicial - i);
        }
        int resto = soma * 10 % 11;
        return (resto == 10 ? 0 : resto) == cpf.charAt(n) - '0';
    }

    private static boolean digitoCnpj(String cnpj, int n) {
        int soma = 0;
        int peso = n - 7;
        for (int i = 0; i < n; i++) {
            soma += (cnpj.charAt(i) - '0') * peso;
            peso = peso == 2 ? 9 : peso - 1;
        }
        int resto = soma % 11;
        return (resto < 2 ? 0 : 11 - resto) == cnpj.charAt(n) - '0';
    }
}
