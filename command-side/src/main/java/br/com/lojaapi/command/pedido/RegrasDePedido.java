package br.com.lojaapi.command.pedido;

import br.com.lojaapi.command.comum.Enderecos;
import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.Documentos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.CriarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/** The order's field rules: the customer snapshot, the money, the tracking fields and the payment status. */
public final class RegrasDePedido {

    public static final int ITENS_MAXIMO = 500;
    static final Set<String> PAGAMENTO_STATUS = Set.of("PENDENTE", "PAGO", "ESTORNADO");
    private static final BigDecimal ZERO = BigDecimal.ZERO.setScale(2);

    private RegrasDePedido() {
    }

    /**
     * The creation event of a valid order: the snapshot filled from the registered customer where the client left
     * fields empty, money rounded per line (half up) and {@code total = subtotal - desconto + taxaEntrega +
     * ajustePagamento}.
     */
    static PedidoCriadoEvent novo(CriarPedidoCommand c) {
        if (c.tipoEntrega() == null) {
            throw ErroDeNegocio.invalido("tipoEntrega é obrigatório: DELIVERY, BALCAO (ou RETIRADA) ou MESA");
        }
        if (c.itens().isEmpty() || c.itens().size() > ITENS_MAXIMO) {
            throw ErroDeNegocio.invalido("itens: de 1 a " + ITENS_MAXIMO + " itens por pedido");
        }
        ClienteDoPedido cliente = cliente(c.cliente(), c.clienteRegistrado());
        if (c.tipoEntrega() == TipoEntrega.DELIVERY && cliente.endereco() == null) {
            throw ErroDeNegocio.invalido("Pedido DELIVERY precisa de endereço de entrega: informe cliente.endereco");
        }
        ValoresDoPedido v = valores(c.itens(), dinheiro(c.desconto(), "desconto"),
                dinheiro(c.taxaEntrega(), "taxaEntrega"), ZERO);
        return new PedidoCriadoEvent(c.pedidoId(), c.lojaId(), c.numero(), StatusPedido.PENDENTE, c.tipoEntrega(),
                cliente, c.clienteId(), c.clienteRegistrado(), v.itens(), v.subtotal(), v.desconto(), v.taxaEntrega(),
                v.ajustePagamento(), v.total(), Textos.limitado(c.observacoes(), 2000, "observacoes"), null, List.of(),
                c.estoqueTomado(), c.criadoEm());
    }

    /**
     * The lines and the money that follows from them, by the rules of creation and edit alike: each line rounded
     * (half up) on its own, {@code total = subtotal - desconto + taxaEntrega + ajustePagamento}, never negative
     * nor above what the columns hold. {@code ajusteTabela} is zero: price tables are not supported.
     */
    static ValoresDoPedido valores(List<ItemDoPedido> linhas, BigDecimal desconto, BigDecimal taxaEntrega,
                                   BigDecimal ajustePagamento) {
        if (linhas.isEmpty() || linhas.size() > ITENS_MAXIMO) {
            throw ErroDeNegocio.invalido("itens: de 1 a " + ITENS_MAXIMO + " itens por pedido");
        }
        List<ItemDoPedido> itens = linhas.stream().map(RegrasDePedido::item).toList();
        BigDecimal subtotal = itens.stream().map(i -> i.precoUnit().multiply(i.quantidade()).setScale(2, RoundingMode.HALF_UP))
                                   .reduce(ZERO, BigDecimal::add);
        BigDecimal total = subtotal.subtract(desconto).add(taxaEntrega).add(ajustePagamento);
        if (subtotal.compareTo(Numeros.DINHEIRO_MAXIMO) > 0 || total.compareTo(Numeros.DINHEIRO_MAXIMO) > 0) {
            throw ErroDeNegocio.invalido("O total do pedido deve ser no máximo " + Numeros.DINHEIRO_MAXIMO.toPlainString());
        }
        if (total.signum() < 0) {
            throw ErroDeNegocio.invalido("desconto (" + desconto.toPlainString() + ") maior que subtotal + taxaEntrega ("
                    + subtotal.add(taxaEntrega).toPlainString() + ")");
        }
        return new ValoresDoPedido(itens, subtotal, ZERO, desconto, taxaEntrega, ajustePagamento, total);
    }

    private static ItemDoPedido item(ItemDoPedido i) {
        String opcoes = i.opcoes();
        if (opcoes != null && opcoes.length() > 65_536) {
            throw ErroDeNegocio.invalido("itens[].opcoes: no máximo 64 KiB por item");
        }
        return new ItemDoPedido(i.id(), i.produto(), i.variacao(), i.quantidade(), i.precoUnit(),
                Textos.limitado(i.observacao(), 500, "itens[].observacao"), opcoes);
    }

    /** What was sent, with empty fields filled from the registered customer; {@code nome} required in the end. */
    static ClienteDoPedido cliente(ClienteDoPedido enviado, DadosCliente registrado) {
        if (enviado == null) {
            throw ErroDeNegocio.invalido("cliente é obrigatório");
        }
        DadosCliente r = registrado == null
                ? new DadosCliente(null, null, null, null, null, null, null, null, null, null, null, null) : registrado;
        String nome = campo(enviado.nome(), r.nome(), 200, "cliente.nome");
        if (nome == null) {
            throw ErroDeNegocio.invalido("cliente.nome é obrigatório");
        }
        String celular = Textos.limitado(enviado.celular(), 40, "cliente.celular");
        if (celular == null) {
            celular = campo(r.celular(), r.telefone(), 40, "cliente.celular");
        }
        String documento = Textos.limitado(enviado.documento(), 30, "cliente.documento");
        documento = documento == null ? r.documento() : documentoValido(documento);
        return new ClienteDoPedido(nome, celular, campo(enviado.email(), r.email(), 254, "cliente.email"), documento,
                campo(enviado.endereco(), r.endereco(), 300, "cliente.endereco"),
                campo(enviado.numero(), r.numero(), 20, "cliente.numero"),
                Textos.limitado(enviado.complemento(), 200, "cliente.complemento"),
                campo(enviado.bairro(), r.bairro(), 100, "cliente.bairro"),
                campo(enviado.cidade(), r.cidade(), 100, "cliente.cidade"),
                doCliente(() -> Enderecos.uf(campo(enviado.uf(), r.uf(), 10, "cliente.uf"))),
                doCliente(() -> Enderecos.cep(campo(enviado.cep(), r.cep(), 20, "cliente.cep"))),
                Textos.limitado(enviado.referencia(), 300, "cliente.referencia"));
    }

    private static String campo(String enviado, String registrado, int maximo, String nome) {
        String valor = Textos.limitado(enviado, maximo, nome);
        return valor != null ? valor : Textos.limitado(registrado, maximo, nome);
    }

    private static String documentoValido(String documento) {
        String normalizado = Documentos.normalizar(documento);
        boolean valido = normalizado.length() == 11 ? Documentos.cpfValido(normalizado)
                : normalizado.length() == 14 && Documentos.cnpjValido(normalizado);
        if (!valido) {
            throw ErroDeNegocio.invalido("cliente.documento não é um CPF nem um CNPJ válido: " + documento);
        }
        return normalizado;
    }

    /** The shared address rules, with the error naming the field as the client sent it. */
    private static String doCliente(Supplier<String> regra) {
        try {
            return regra.get();
        } catch (ErroDeNegocio e) {
            throw e.getMessage().startsWith("cliente.") ? e : ErroDeNegocio.invalido("cliente." + e.getMessage());
        }
    }

    static BigDecimal dinheiro(BigDecimal valor, String campo) {
        BigDecimal arredondado = Numeros.dinheiro(valor, campo);
        return arredondado == null ? ZERO : arredondado;
    }

    static String tempoEntrega(String valor) {
        return Textos.limitado(valor, 200, "tempoEntrega");
    }

    static String codigoRastreio(String valor) {
        return Textos.limitado(valor, 100, "codigoRastreio");
    }

    static String urlRastreio(String valor) {
        String url = Textos.limitado(valor, 2000, "urlRastreio");
        if (url == null) {
            return null;
        }
        try {
            URI uri = new URI(url);
            String esquema = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(esquema.equals("http") || esquema.equals("https")) || uri.getHost() == null) {
                throw ErroDeNegocio.invalido("urlRastreio deve ser uma URL http(s) absoluta");
            }
        } catch (URISyntaxException e) {
            throw ErroDeNegocio.invalido("urlRastreio deve ser uma URL http(s) absoluta");
        }
        return url;
    }

    static String pagamentoStatus(String valor) {
        String status = Textos.limpo(valor);
        if (status != null && !PAGAMENTO_STATUS.contains(status)) {
            throw ErroDeNegocio.invalido("pagamentoStatus deve ser PENDENTE, PAGO ou ESTORNADO");
        }
        return status;
    }

    static String motivoCancelamento(String valor) {
        return Textos.limitado(valor, 500, "motivoCancelamento");
    }
}
